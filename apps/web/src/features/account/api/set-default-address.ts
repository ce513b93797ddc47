import { postJson } from '../../../lib/api-client';

/** `POST /api/users/addresses/:id/default`. */
export async function setDefaultAddress(id: string): Promise<void> {
  await postJson(`/api/users/addresses/${encodeURIComponent(id)}/default`, {});
}
