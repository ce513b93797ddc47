import type { CustomerUser } from '@store/core';
import { postJson } from '../../../lib/api-client';
import { userOf, type UserAnswer } from '../../../lib/customer-user-api';

/** `PUT /api/users/profile`: a new name and email. */
export async function updateProfile(input: {
  userId: string;
  name: string;
  email: string;
}): Promise<CustomerUser> {
  return userOf(
    await postJson<UserAnswer>('/api/users/profile', input, { method: 'PUT' }),
    'Failed to update profile',
  );
}
