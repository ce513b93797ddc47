import { postJson } from '../../../lib/api-client';

/** `POST /api/validate-merchant`: the merchant session Apple's sheet needs (product §7). */
export async function validateMerchant(validationURL: string): Promise<unknown> {
  return postJson<unknown>('/api/validate-merchant', { validationURL });
}
