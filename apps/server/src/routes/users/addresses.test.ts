import {
  ADDRESS_BOOK_LIMIT,
  ADDRESS_BOOK_MESSAGES,
  DELIVERY_MESSAGES,
  type AddressBookEntryRequest,
  type SavedAddress,
} from '@store/core';
import { describe, expect, it } from 'vitest';
import { addressBookAt, HOME } from '../../testing/address-book';
import { shoppersAt, type Shopper } from '../../testing/shoppers';
import { testDatabaseKinds, useTestServer } from '../../testing/test-server';

const WORK: AddressBookEntryRequest = {
  name: 'Pat at Work',
  address: '500 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
};
const UNKNOWN_ADDRESS = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabaseKinds())('the address book on $name', (kind) => {
  // Behind a proxy: each customer signs up from an address of its own, as shoppers do.
  const server = useTestServer(kind, { TRUST_PROXY: 'loopback' });
  const shoppers = shoppersAt(server);
  const book = addressBookAt(server);
  let sequence = 0;
  const newCustomer = () => shoppers.register({ address: `198.51.100.${++sequence}` });

  async function addresses(customer: Shopper): Promise<SavedAddress[]> {
    const answer = await book.list(customer);
    expect(answer.status).toBe(200);
    return answer.body.addresses as SavedAddress[];
  }

  async function defaultsOf(customer: Shopper): Promise<number> {
    const { rows } = await server.database.sql.query<{ defaults: number }>(
      'select count(*)::int as defaults from customer_addresses where customer_id = $1 and is_default',
      [customer.id],
    );
    return rows[0]!.defaults;
  }

  it('starts empty, keeps the first address as the default, and lists the default first, then the newest', async () => {
    const customer = await newCustomer();
    expect(await addresses(customer)).toEqual([]);
    const added = await book.add(customer, HOME);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Address added');
    const home = added.body.address as SavedAddress;
    expect(home).toEqual({ ...HOME, id: expect.any(String), isDefault: true });
    const work = await book.added(customer, WORK);
    const cabin = await book.added(customer, { name: 'Pat at the Cabin' });
    expect(work.isDefault).toBe(false);
    expect((await addresses(customer)).map((address) => address.id)).toEqual([home.id, cabin.id, work.id]);
  });

  it('keeps what was sent as text without the spaces around it, a US state in capitals, no empty options', async () => {
    const customer = await newCustomer();
    const kept = await book.added(customer, {
      name: '  Pat Shopper ',
      address: ' 1 Main St ',
      address2: '   ',
      city: ' Austin',
      state: 'tx ',
      zip: ' 78701 ',
      phone: '',
    });
    expect(kept).toEqual({
      id: kept.id,
      name: 'Pat Shopper',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      isDefault: true,
    });
    // Outside the US a state or province is kept as written.
    const toronto = await book.added(customer, { country: 'CA', state: 'Ontario', zip: 'M5V 2T6' });
    expect(toronto).toMatchObject({ country: 'CA', state: 'Ontario', zip: 'M5V 2T6' });
  });

  it('changes an address and leaves which one is the default alone', async () => {
    const customer = await newCustomer();
    const home = await book.added(customer, HOME);
    const work = await book.added(customer, WORK);
    const edited = await book.edit(customer, work.id, {
      ...WORK,
      address: '600 Congress Ave',
      phone: '512-555-0199',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      status: 'success',
      message: 'Address updated',
      address: { ...WORK, id: work.id, address: '600 Congress Ave', phone: '512-555-0199', isDefault: false },
    });
    // A second line and a phone taken out are gone.
    const plain = await book.edit(customer, home.id, { ...HOME, address2: '', phone: '' });
    expect(plain.body.address).toEqual({
      ...WORK,
      ...HOME,
      address2: undefined,
      phone: undefined,
      id: home.id,
      isDefault: true,
    });
    expect((await addresses(customer)).map((address) => [address.id, address.isDefault])).toEqual([
      [home.id, true],
      [work.id, false],
    ]);
  });

  it('makes another address the default, one at a time', async () => {
    const customer = await newCustomer();
    const home = await book.added(customer, HOME);
    const work = await book.added(customer, WORK);
    const made = await book.makeDefault(customer, work.id);
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ status: 'success', message: 'Default address updated' });
    expect((await addresses(customer)).map((address) => [address.id, address.isDefault])).toEqual([
      [work.id, true],
      [home.id, false],
    ]);
    // The default made the default again changes nothing.
    expect((await book.makeDefault(customer, work.id)).status).toBe(200);
    expect(await defaultsOf(customer)).toBe(1);
  });

  it('leaves exactly one default however many changes of default race', async () => {
    const customer = await newCustomer();
    const ids = [(await book.added(customer, HOME)).id, (await book.added(customer, WORK)).id];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => book.makeDefault(customer, ids[index % 2]!)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await defaultsOf(customer)).toBe(1);
  });

  it('passes the default to the newest address left when the default is removed', async () => {
    const customer = await newCustomer();
    const home = await book.added(customer, HOME);
    const work = await book.added(customer, WORK);
    const cabin = await book.added(customer, { name: 'Pat at the Cabin' });
    const lake = await book.added(customer, { name: 'Pat at the Lake' });
    // Not the default: the default stays.
    const removed = await book.remove(customer, cabin.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ status: 'success', message: 'Address removed' });
    expect((await addresses(customer)).map((address) => address.id)).toEqual([home.id, lake.id, work.id]);
    // The default: the newest one left takes over.
    expect((await book.remove(customer, home.id)).status).toBe(200);
    expect((await addresses(customer)).map((address) => [address.id, address.isDefault])).toEqual([
      [lake.id, true],
      [work.id, false],
    ]);
    expect((await book.remove(customer, lake.id)).status).toBe(200);
    expect((await book.remove(customer, work.id)).status).toBe(200);
    expect(await addresses(customer)).toEqual([]);
    // Gone is gone: a second removal is not found.
    expect((await book.remove(customer, work.id)).status).toBe(404);
    // A book emptied starts again with a default.
    expect((await book.added(customer, WORK)).isDefault).toBe(true);
  });

  it('names the first problem, in the delivery form’s order and words, on adding and on changing', async () => {
    const customer = await newCustomer();
    const existing = await book.added(customer, HOME);
    let address: AddressBookEntryRequest = {
      name: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      country: 'US',
      phone: '12',
    };
    const fixes: Partial<AddressBookEntryRequest>[] = [
      { name: 'Pat' },
      { address: '1 Main St' },
      { city: 'Austin' },
      { state: 'Texas' },
      { state: 'TX' },
      { zip: '78701' },
      { phone: '512-555-0100' },
    ];
    const added: string[] = [];
    const changed: string[] = [];
    for (const fix of [...fixes, {}]) {
      const adding = await book.add(customer, address);
      const changing = await book.edit(customer, existing.id, address);
      added.push(adding.status === 200 ? 'ok' : `${adding.status} ${String(adding.body.message)}`);
      changed.push(changing.status === 200 ? 'ok' : `${changing.status} ${String(changing.body.message)}`);
      address = { ...address, ...fix };
    }
    const expected = [
      `400 ${DELIVERY_MESSAGES.name}`,
      '400 Address is required',
      '400 City is required',
      '400 State is required',
      '400 Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
      '400 ZIP code is required',
      `400 ${DELIVERY_MESSAGES.phone}`,
      'ok',
    ];
    expect(added).toEqual(expected);
    expect(changed).toEqual(expected);
    expect(DELIVERY_MESSAGES.name).toBe('Full name is required');
  });

  it.each([
    ['a country the store does not ship to', { ...HOME, country: 'FR' }, 'Country must be US, CA or MX'],
    ['a body that is not an object', [HOME], 'The request body must be a JSON object'],
    ['a field that is not text', { ...HOME, city: 12 }, undefined],
    ['a field longer than 100 characters', { ...HOME, address: 'x'.repeat(101) }, undefined],
  ])('refuses %s with a 400', async (_what, body, message) => {
    const customer = await newCustomer();
    const answer = await book.add(customer, body);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('error');
    if (message) expect(answer.body.message).toBe(message);
    expect(await addresses(customer)).toEqual([]);
  });

  it('refuses an address id that is not one before looking for it', async () => {
    const customer = await newCustomer();
    for (const answer of [
      await book.edit(customer, 'not-an-id', HOME),
      await book.remove(customer, 'not-an-id'),
      await book.makeDefault(customer, 'not-an-id'),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Address ID is not valid');
    }
  });

  it('gives another customer 404 for an address that is not theirs, and changes nothing of it', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const home = await book.added(owner, HOME);
    const work = await book.added(owner, WORK);
    await book.added(other, { name: 'Other Shopper' });
    for (const answer of [
      await book.edit(other, work.id, { ...WORK, name: 'Mallory' }),
      await book.remove(other, work.id),
      await book.makeDefault(other, work.id),
      await book.edit(owner, UNKNOWN_ADDRESS, HOME),
      await book.remove(owner, UNKNOWN_ADDRESS),
      await book.makeDefault(owner, UNKNOWN_ADDRESS),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        status: 'error',
        message: ADDRESS_BOOK_MESSAGES.notFound,
        error: 'not_found',
      });
    }
    // The other customer reads their own book, never the owner's.
    const theirs = await addresses(other);
    expect(theirs.map((address) => address.name)).toEqual(['Other Shopper']);
    expect(JSON.stringify(theirs)).not.toContain(work.id);
    expect(await addresses(owner)).toEqual([home, work]);
  });

  it('answers 401 to every call without a session, whatever the body', async () => {
    const owner = await newCustomer();
    const home = await book.added(owner, HOME);
    for (const answer of [
      await book.call(undefined, 'GET', '/api/users/addresses'),
      await book.call(undefined, 'POST', '/api/users/addresses', HOME),
      await book.call(undefined, 'POST', '/api/users/addresses', { name: '' }),
      await book.call(undefined, 'PUT', `/api/users/addresses/${home.id}`, HOME),
      await book.call(undefined, 'PUT', '/api/users/addresses/not-an-id', 'nothing'),
      await book.call(undefined, 'DELETE', `/api/users/addresses/${home.id}`),
      await book.call(undefined, 'POST', `/api/users/addresses/${home.id}/default`),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Please log in to continue');
    }
    expect(await addresses(owner)).toEqual([home]);
  });

  it(`keeps at most ${ADDRESS_BOOK_LIMIT} addresses a customer, however many adds race`, async () => {
    const customer = await newCustomer();
    for (let index = 0; index < ADDRESS_BOOK_LIMIT - 2; index += 1) {
      await book.added(customer, { name: `Pat ${index}` });
    }
    const answers = await Promise.all(Array.from({ length: 5 }, () => book.add(customer, WORK)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `You can keep up to ${ADDRESS_BOOK_LIMIT} addresses. Remove one to add another.`,
      );
    }
    const held = await addresses(customer);
    expect(held).toHaveLength(ADDRESS_BOOK_LIMIT);
    expect(await defaultsOf(customer)).toBe(1);
    // One removed makes room for one.
    expect((await book.remove(customer, held[1]!.id)).status).toBe(200);
    expect((await book.add(customer, WORK)).status).toBe(200);
    expect((await book.add(customer, WORK)).status).toBe(409);
  });

  it('keeps markup as text and answers it as text, in every field', async () => {
    const customer = await newCustomer();
    const script = '<script>alert(1)</script>';
    const hostile = {
      name: script,
      address: `${script}<img src=x onerror=alert(2)>`,
      address2: script,
      city: script,
      state: script,
      zip: script,
      country: 'CA',
    } as const;
    const answer = await book.add(customer, hostile);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body.address).toEqual({ ...hostile, id: expect.any(String), isDefault: true });
    const { rows } = await server.database.sql.query<Record<string, string>>(
      'select name, address, address2, city, state, zip from customer_addresses where customer_id = $1',
      [customer.id],
    );
    const { country: _country, ...text } = hostile;
    expect(rows).toEqual([text]);
    expect(await addresses(customer)).toEqual([answer.body.address]);
    // A phone is a phone number, markup or not; in the US a state is two letters.
    expect((await book.add(customer, { ...hostile, phone: '<b>1</b>' })).body.message).toBe(
      DELIVERY_MESSAGES.phone,
    );
    expect((await book.add(customer, { ...hostile, country: 'US' })).body.message).toBe(
      'Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
    );
  });
});
