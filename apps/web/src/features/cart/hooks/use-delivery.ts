import { orderDeliverySchema, type OrderDelivery, type SavedAddress } from '@store/core';
import { useState } from 'react';
import { EMPTY_ADDRESS_FORM, type AddressFormValues } from '../../../components/ui/address-fields';
import { getSessionStorage, type KeyValueStorage } from '../../../lib/browser-storage';

/** What the shopper typed for the order's contact and delivery, kept for the tab like the cart. */
export interface DeliveryDraft extends AddressFormValues {
  email: string;
}

const DELIVERY_STORAGE_KEY = 'checkout.delivery';

export const EMPTY_DRAFT: DeliveryDraft = { email: '', ...EMPTY_ADDRESS_FORM };

/** The draft kept for the tab: text only, never anything of a card. */
export function readStoredDraft(storage: KeyValueStorage = getSessionStorage()): DeliveryDraft | null {
  try {
    const value = JSON.parse(
      storage.getItem(DELIVERY_STORAGE_KEY) ?? 'null',
    ) as Partial<DeliveryDraft> | null;
    if (!value || typeof value !== 'object') return null;
    const draft = { ...EMPTY_DRAFT };
    for (const key of Object.keys(EMPTY_DRAFT) as (keyof DeliveryDraft)[]) {
      if (typeof value[key] === 'string') draft[key] = value[key];
    }
    return draft;
  } catch {
    return null;
  }
}

export function storeDraft(draft: DeliveryDraft, storage: KeyValueStorage = getSessionStorage()): void {
  storage.setItem(DELIVERY_STORAGE_KEY, JSON.stringify(draft));
}

/** A saved address as the form holds it. */
export function draftOf(address: SavedAddress, email: string): DeliveryDraft {
  return {
    email,
    name: address.name,
    address: address.address,
    address2: address.address2 ?? '',
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: address.country,
    phone: address.phone ?? '',
  };
}

/** The draft checked by the server's own rules: the delivery to send, or the first problem's words. */
export function checkDraft(draft: DeliveryDraft): { delivery: OrderDelivery } | { problem: string } {
  const { email, ...address } = draft;
  const parsed = orderDeliverySchema.safeParse({ email, address });
  if (parsed.success) return { delivery: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'Please check the delivery details' };
}

/**
 * The order's contact and delivery address while the cart is open: typed once by a guest, or a signed-in
 * customer's saved address (the default first), then shown read-only with Change (decision 027). A draft
 * that passes the rules once is "confirmed": the next visit to the cart shows it read-only.
 */
export function useDelivery() {
  const [initial] = useState(() => readStoredDraft() ?? EMPTY_DRAFT);
  const [draft, setDraftState] = useState(initial);
  const [editing, setEditing] = useState(() => 'problem' in checkDraft(initial));
  const [problem, setProblem] = useState<{ message: string; attempt: number } | null>(null);

  const setDraft = (next: DeliveryDraft) => {
    setDraftState(next);
    storeDraft(next);
  };

  /** Checks the draft: the delivery when it is whole (shown read-only from then on), else its problem. */
  const confirm = (): OrderDelivery | null => {
    const checked = checkDraft(draft);
    if ('problem' in checked) {
      setEditing(true);
      setProblem((current) => ({ message: checked.problem, attempt: (current?.attempt ?? 0) + 1 }));
      return null;
    }
    setProblem(null);
    setEditing(false);
    return checked.delivery;
  };

  /** Takes a whole delivery from elsewhere (a saved address): shown read-only when it passes the rules. */
  const adopt = (next: DeliveryDraft) => {
    setDraft(next);
    setProblem(null);
    setEditing('problem' in checkDraft(next));
  };

  return {
    draft,
    setDraft,
    adopt,
    editing,
    edit: () => setEditing(true),
    problem: problem?.message ?? null,
    problemAttempt: problem?.attempt ?? 0,
    confirm,
  };
}
