import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../lib/browser-storage';
import { checkDraft, EMPTY_DRAFT, readStoredDraft, storeDraft } from './use-delivery';

const DRAFT = {
  ...EMPTY_DRAFT,
  email: ' pat@example.com ',
  name: 'Pat Shopper',
  address: '12 Paper Lane',
  city: 'Austin',
  state: 'tx',
  zip: '78701',
};

describe("the cart's contact and delivery", () => {
  it('checks a draft by the server’s rules and words, in the form’s order', () => {
    expect(checkDraft(EMPTY_DRAFT)).toEqual({ problem: 'Email is required' });
    expect(checkDraft({ ...DRAFT, name: '', city: '' })).toEqual({ problem: 'Full name is required' });
    expect(checkDraft({ ...DRAFT, state: 'Texas' })).toEqual({
      problem: 'Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
    });
    expect(checkDraft(DRAFT)).toEqual({
      delivery: {
        email: 'pat@example.com',
        address: {
          name: 'Pat Shopper',
          address: '12 Paper Lane',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          country: 'US',
          address2: undefined,
          phone: undefined,
        },
      },
    });
  });

  it('keeps the draft for the tab, and reads only text back', () => {
    const storage = createMemoryStorage();
    expect(readStoredDraft(storage)).toBeNull();
    storeDraft(DRAFT, storage);
    expect(readStoredDraft(storage)).toEqual(DRAFT);
    storage.setItem('checkout.delivery', JSON.stringify({ name: 42, city: 'Austin', cardNumber: '4111' }));
    expect(readStoredDraft(storage)).toEqual({ ...EMPTY_DRAFT, city: 'Austin' });
    storage.setItem('checkout.delivery', '{not json');
    expect(readStoredDraft(storage)).toBeNull();
  });
});
