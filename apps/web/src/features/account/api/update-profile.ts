import type { CustomerUser, UpdateProfileRequest, UserResponse } from '@store/core';
import { postJson } from '../../../lib/api-client';
import { userOf } from '../../../lib/customer-user-api';

/** `PUT /api/users/profile`: a new name and email; a new email carries the current password. */
export async function updateProfile(input: UpdateProfileRequest): Promise<CustomerUser> {
  return userOf(
    await postJson<UserResponse>('/api/users/profile', input, { method: 'PUT' }),
    'Failed to update profile',
  );
}
