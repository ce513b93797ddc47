/** CardPointe's order ids are at most 19 characters here; control characters have no place in one. */
export const ORDER_ID = /^[^\p{Cc}]{1,19}$/u;

/** A card's expiry as the gateway takes it: MMYY. */
export const EXPIRY_MMYY = /^(0[1-9]|1[0-2])\d{2}$/;

/** A card is good through the last day of its expiry month (MMYY). */
export function isExpiryPast(mmyy: string, now: Date): boolean {
  const month = Number(mmyy.slice(0, 2));
  const year = 2000 + Number(mmyy.slice(2, 4));
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}
