export { StaffSetupPage } from './components/staff-setup-page';
