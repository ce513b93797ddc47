import type { PaymentMethodForm, TokenizeResponse } from '@store/core';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

/**
 * `POST /api/payment/tokenize-proxy`, for a bank account: the routing and account numbers go to the server
 * once, which has the gateway tokenize them and answers only the token (product §8's texts when the answer is
 * not one). Card numbers never go this way: they are typed in the gateway's card frame (decision 054).
 */
export async function tokenizePaymentMethod(form: PaymentMethodForm): Promise<string> {
  let body: TokenizeResponse;
  try {
    body = await postJson<TokenizeResponse>('/api/payment/tokenize-proxy', form);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'parse') {
      throw new ApiError('Failed to parse tokenization response', 'parse', error.status);
    }
    throw error;
  }
  if (body.status !== 'Y') {
    const message = readMessage(body);
    throw new ApiError(message ?? 'Tokenization failed', 'rejected', 200, message);
  }
  if (typeof body.tokenid !== 'string' || body.tokenid === '') {
    throw new ApiError('No token ID returned from tokenization service', 'rejected', 200);
  }
  return body.tokenid;
}
