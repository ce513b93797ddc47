import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines';
import type { DeliveryAddress } from './schemas/delivery';

const austin: DeliveryAddress = {
  name: 'Pat Shopper',
  address: '1200 Commerce Street',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
};

describe('addressLines', () => {
  it('writes an address as on an envelope, the country by name', () => {
    expect(addressLines(austin)).toEqual([
      'Pat Shopper',
      '1200 Commerce Street',
      'Austin, TX 78701',
      'United States',
    ]);
  });

  it('adds the second line under the street and the phone last', () => {
    expect(addressLines({ ...austin, address2: 'Suite 400', phone: '512-555-0134' })).toEqual([
      'Pat Shopper',
      '1200 Commerce Street',
      'Suite 400',
      'Austin, TX 78701',
      'United States',
      'Phone: 512-555-0134',
    ]);
  });

  it('names Canada and Mexico, and keeps a province as written', () => {
    expect(
      addressLines({ ...austin, city: 'Toronto', state: 'Ontario', zip: 'M5V 2T6', country: 'CA' }).slice(2),
    ).toEqual(['Toronto, Ontario M5V 2T6', 'Canada']);
    expect(addressLines({ ...austin, country: 'MX' }).at(-1)).toBe('Mexico');
  });

  it('leaves out empty and blank parts rather than showing stray commas', () => {
    expect(addressLines({ ...austin, address2: '  ', phone: '', state: '', zip: '' })).toEqual([
      'Pat Shopper',
      '1200 Commerce Street',
      'Austin',
      'United States',
    ]);
    expect(addressLines({ ...austin, city: '', state: '' })[2]).toBe('78701');
  });

  it('keeps markup as the text it is', () => {
    expect(addressLines({ ...austin, name: '<script>alert(1)</script>' })[0]).toBe(
      '<script>alert(1)</script>',
    );
  });
});
