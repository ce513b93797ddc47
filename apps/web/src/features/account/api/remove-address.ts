import { postJson } from '../../../lib/api-client';

/** `DELETE /api/users/addresses/:id`. */
export async function removeAddress(id: string): Promise<void> {
  await postJson(`/api/users/addresses/${encodeURIComponent(id)}`, {}, { method: 'DELETE' });
}
