import type { CustomerUser, UserResponse } from '@store/core';
import { postJson } from '../../../lib/api-client';
import { userOf } from '../../../lib/customer-user-api';

/** `POST /api/users/register`: the new customer is signed in at once. */
export async function registerCustomer(input: {
  name: string;
  email: string;
  password: string;
}): Promise<CustomerUser> {
  return userOf(await postJson<UserResponse>('/api/users/register', input), 'Registration failed');
}
