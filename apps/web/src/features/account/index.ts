export { AccountPage } from './components/account-page';
// The address book as the cart reads it, to preselect the default address (decision 027).
export { addressesKey, listAddresses, useAddresses } from '../../lib/address-book';
