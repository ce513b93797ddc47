import type { CustomerUser, UserResponse } from '@store/core';
import { postJson } from '../../../lib/api-client';
import { userOf } from '../../../lib/customer-user-api';

/** `POST /api/users/login`: opens a session (an HttpOnly cookie) and answers the public profile. */
export async function loginCustomer(input: { email: string; password: string }): Promise<CustomerUser> {
  return userOf(await postJson<UserResponse>('/api/users/login', input), 'Login failed');
}
