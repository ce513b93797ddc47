import type { DeliveryAddress } from '@store/core';
import { expectNoAxeViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { expectClickable, expectNothingPastTheEdge, registerCustomer, uniqueEmail } from './flows';

/** An address as the dialog takes it: the delivery form's fields. */
type Address = DeliveryAddress;

const HOME: Address = {
  name: 'Addy Dresser',
  address: '77 Paper Mill Rd',
  address2: 'Unit 5',
  city: 'Round Rock',
  state: 'TX',
  zip: '78664',
  country: 'US',
  phone: '512-555-0177',
};
const WORK: Address = {
  name: 'Addy at Work',
  address: '500 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
};

/** How the list's buttons name an address: who, and which street. */
const labelOf = (address: Address) => `${address.name}, ${address.address}`;

const addressList = (page: Page) => page.getByRole('list', { name: 'Your addresses' });

/** Fills the address dialog as a customer types it. */
async function fillAddress(dialog: ReturnType<Page['getByRole']>, address: Address) {
  await dialog.getByLabel('Full name').fill(address.name);
  await dialog.getByLabel('Address', { exact: true }).fill(address.address);
  await dialog.getByLabel('Apartment, suite, floor (optional)').fill(address.address2 ?? '');
  await dialog.getByLabel('City').fill(address.city);
  await dialog.getByLabel('Country').selectOption(address.country);
  // The region and the postal code are named in the country's words (decision 050).
  await dialog.getByLabel(address.country === 'CA' ? 'Province' : 'State').fill(address.state);
  await dialog.getByLabel(address.country === 'US' ? 'ZIP code' : 'Postal code').fill(address.zip);
  await dialog.getByLabel('Phone (optional)').fill(address.phone ?? '');
}

/** Adds an address from My Account, through the Add address dialog. */
async function addAddress(page: Page, address: Address) {
  await page.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add address' });
  await fillAddress(dialog, address);
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await expect(addressList(page).getByText(address.name, { exact: true })).toBeVisible();
}

test('a customer adds two addresses, edits one, makes it the default and removes the other', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerCustomer(page, 'Addy Dresser', uniqueEmail('addresses'));
  const section = page.getByRole('region', { name: 'Addresses' });
  await expect(section.getByText("You don't have any saved addresses.")).toBeVisible();

  // The delivery form's checks, in its order and words, each under the field at fault, which has focus.
  await page.getByRole('button', { name: 'Add address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add address' });
  await expect(dialog).toBeFocused();
  const save = dialog.getByRole('button', { name: 'Save address' });
  const steps: [string, string, () => Promise<void>][] = [
    ['Full name is required', 'Full name', () => dialog.getByLabel('Full name').fill(HOME.name)],
    [
      'Address is required',
      'Address',
      () => dialog.getByLabel('Address', { exact: true }).fill(HOME.address),
    ],
    ['City is required', 'City', () => dialog.getByLabel('City').fill(HOME.city)],
    ['State is required', 'State', () => dialog.getByLabel('State').fill('T1')],
    [
      'Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
      'State',
      () => dialog.getByLabel('State').fill(HOME.state),
    ],
    ['ZIP code is required', 'ZIP code', () => dialog.getByLabel('ZIP code').fill(HOME.zip)],
  ];
  await dialog.getByLabel('Phone (optional)').fill('512');
  steps.push([
    'Please enter the phone number as 123-456-7890',
    'Phone (optional)',
    () => dialog.getByLabel('Phone (optional)').fill(HOME.phone!),
  ]);
  for (const [message, label, fix] of steps) {
    await save.click();
    await expect(dialog.getByRole('alert')).toHaveText(message);
    const field = dialog.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expect(field).toHaveAccessibleDescription(message);
    if (message === steps[0]![0]) await expectNoAxeViolations(page, 'the Add address dialog with a problem');
    await fix();
  }
  await dialog.getByLabel('Apartment, suite, floor (optional)').fill(HOME.address2!);
  await save.click();
  await expect(dialog).toBeHidden();
  // The first address is the default; focus is back on the button that opened the dialog.
  const home = addressList(page).getByRole('listitem').filter({ hasText: HOME.name });
  await expect(home).toContainText(
    [
      HOME.address,
      HOME.address2,
      `${HOME.city}, ${HOME.state} ${HOME.zip}`,
      'United States',
      `Phone: ${HOME.phone}`,
    ].join(''),
  );
  await expect(home.getByText('Default', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add address' })).toBeFocused();

  await addAddress(page, WORK);
  await expect(addressList(page).getByRole('listitem')).toHaveText([
    new RegExp(`^${HOME.name}Default`),
    new RegExp(`^${WORK.name}${WORK.address}`),
  ]);

  // Edit: the dialog opens with the address as kept.
  await page.getByRole('button', { name: `Edit ${labelOf(WORK)}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit address' });
  await expect(edit.getByLabel('Full name')).toHaveValue(WORK.name);
  await expect(edit.getByLabel('ZIP code')).toHaveValue(WORK.zip);
  const moved = { ...WORK, address: '600 Congress Ave', address2: 'Floor 12' };
  await fillAddress(edit, moved);
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(edit).toBeHidden();
  const work = addressList(page).getByRole('listitem').filter({ hasText: WORK.name });
  await expect(work).toContainText('600 Congress AveFloor 12');
  await expect(page.getByRole('button', { name: `Edit ${labelOf(moved)}` })).toBeFocused();

  // Set as default: the work address leads the list with the badge, the home one loses it.
  await page.getByRole('button', { name: `Set ${labelOf(moved)} as default` }).click();
  await expect(work.getByText('Default', { exact: true })).toBeVisible();
  await expect(home.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(addressList(page).getByRole('listitem').first()).toContainText(WORK.name);
  await expect(page.getByRole('button', { name: `Set ${labelOf(moved)} as default` })).toHaveCount(0);
  await expectNoAxeViolations(page, 'My Account with two addresses');

  // Remove asks first; Keep has the focus, so Enter keeps the address.
  await page.getByRole('button', { name: `Remove ${labelOf(HOME)}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this address?' });
  await expect(confirm).toContainText(HOME.address);
  await expect(confirm.getByRole('button', { name: 'Keep address' })).toBeFocused();
  await expectNoAxeViolations(page, 'the removal question');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(home).toHaveCount(1);
  await page.getByRole('button', { name: `Remove ${labelOf(HOME)}` }).click();
  await confirm.getByRole('button', { name: 'Remove address' }).click();
  await expect(confirm).toBeHidden();
  await expect(home).toHaveCount(0);
  await expect(addressList(page).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Addresses' })).toBeFocused();

  // As kept by the store, not only as shown.
  await page.reload();
  await expect(addressList(page).getByRole('listitem')).toHaveCount(1);
  await expect(work.getByText('Default', { exact: true })).toBeVisible();
});

/** Four addresses with long names and streets, one with a word too long for any line. */
const LONG_ADDRESSES: Address[] = [
  {
    name: 'Maximiliana Bartholomew-Featherstonehaugh Worthington-Smythe',
    address: '48210 North Saint Lawrence Seaway Industrial Park Boulevard East, Building C',
    address2: 'Attention: Accounts Payable and Office Supplies Receiving Department',
    city: 'Rancho Santa Margarita',
    state: 'CA',
    zip: '92688-1234',
    country: 'US',
    phone: '949-555-0101',
  },
  {
    name: 'Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaftschaferswessenschafe',
    address: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogochstreet 1',
    city: 'Saint-Rémi-de-Tingwick',
    state: 'Québec',
    zip: 'J0A 1K0',
    country: 'CA',
  },
  {
    name: 'María Guadalupe Hernández de la Santísima Trinidad',
    address: 'Avenida Insurgentes Sur 1602, Colonia Crédito Constructor',
    address2: 'Piso 9, Oficina 901',
    city: 'Ciudad de México',
    state: 'CDMX',
    zip: '03940',
    country: 'MX',
  },
  {
    name: 'Alexandria Catherine Montgomery-Richardson',
    address: '9876 West Northwest Highway Frontage Road',
    city: 'Dallas',
    state: 'TX',
    zip: '75220',
    country: 'US',
  },
];

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('four long addresses fit the screen, every button within reach, and axe finds nothing', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await registerCustomer(page, 'Sam Small', uniqueEmail('addresses-phone'));
    // Added as the dialog adds them (the page's own session, from its own origin).
    const origin = new URL(page.url()).origin;
    for (const address of LONG_ADDRESSES) {
      const answer = await page.request.post('/api/users/addresses', { headers: { origin }, data: address });
      expect(answer.status(), await answer.text()).toBe(200);
    }
    await page.reload();
    const items = addressList(page).getByRole('listitem');
    await expect(items).toHaveCount(4);

    await expectNothingPastTheEdge(page);
    const buttons = page.getByRole('region', { name: 'Addresses' }).getByRole('button');
    // Add address, then Edit and Remove for each, and Set as default for all but the default.
    await expect(buttons).toHaveCount(1 + 4 * 2 + 3);
    for (const button of await buttons.all()) {
      await expectClickable(button);
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    for (const item of await items.all()) {
      const box = (await item.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await page.screenshot({ path: testInfo.outputPath('addresses-375.png'), fullPage: true });
    await expectNoAxeViolations(page, 'four long addresses at 375 px');

    // The edit dialog of the longest one fits too, and its Save is within reach.
    await page.getByRole('button', { name: `Edit ${labelOf(LONG_ADDRESSES[1]!)}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit address' });
    await expect(edit.getByLabel('Province')).toHaveValue('Québec');
    await expectClickable(edit.getByRole('button', { name: 'Save address' }));
    const dialogBox = (await edit.boundingBox())!;
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('edit-address-375.png') });
    await expectNoAxeViolations(page, 'the Edit address dialog at 375 px');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('addresses-1280.png'), fullPage: true });
    await page.getByRole('button', { name: `Remove ${labelOf(LONG_ADDRESSES[3]!)}` }).click();
    await page.screenshot({ path: testInfo.outputPath('remove-address-1280.png') });
  });
});
