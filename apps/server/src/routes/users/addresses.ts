import {
  addressBookEntryRequestSchema,
  addressBookResponseSchema,
  addressIdParamsSchema,
  messageResponseSchema,
  savedAddressResponseSchema,
} from '@store/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Orm } from '../../db/client';
import type { CustomerGuard } from '../../http/customer-session';
import { answers, typed } from '../../http/contract';
import {
  addAddress,
  editAddress,
  listAddresses,
  removeAddress,
  setDefaultAddress,
} from '../../services/accounts/address-book';

const TAGS = ['Address book'];

/**
 * The signed-in customer's address book (decision 027). The calls name no account: the session is the
 * customer, so there is no one else's book to ask for, and another customer's address is 404. Signed out
 * is 401 before the body is read, so a visitor learns nothing of the rules.
 */
export function registerAddressBookRoutes(
  app: FastifyInstance,
  deps: { orm: Orm; customers: CustomerGuard },
): void {
  const { orm, customers } = deps;
  const api = typed(app);
  const signedInFirst = async (request: FastifyRequest) => {
    await customers.signedIn(request);
  };

  api.get(
    '/api/users/addresses',
    {
      schema: {
        tags: TAGS,
        summary: "The signed-in customer's addresses, the default first, then the newest first",
        response: answers(addressBookResponseSchema),
      },
    },
    async (request) => {
      const customer = await customers.signedIn(request);
      return { status: 'success', addresses: await listAddresses(orm, customer.id) };
    },
  );

  api.post(
    '/api/users/addresses',
    {
      schema: {
        tags: TAGS,
        summary: 'Add an address; the first one is the default',
        body: addressBookEntryRequestSchema,
        response: answers(savedAddressResponseSchema),
      },
      preValidation: signedInFirst,
    },
    async (request) => {
      const customer = await customers.signedIn(request);
      const address = await addAddress(orm, { customerId: customer.id, address: request.body });
      return { status: 'success', address, message: 'Address added' };
    },
  );

  api.put(
    '/api/users/addresses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change an address',
        params: addressIdParamsSchema,
        body: addressBookEntryRequestSchema,
        response: answers(savedAddressResponseSchema),
      },
      preValidation: signedInFirst,
    },
    async (request) => {
      const customer = await customers.signedIn(request);
      const address = await editAddress(orm, {
        customerId: customer.id,
        addressId: request.params.id,
        address: request.body,
      });
      return { status: 'success', address, message: 'Address updated' };
    },
  );

  /** Removing an address and making one the default: an address named in the path, and a message back. */
  const actOnAddress = (
    method: 'DELETE' | 'POST',
    url: string,
    summary: string,
    act: typeof removeAddress,
    message: string,
  ) =>
    api.route({
      method,
      url,
      schema: {
        tags: TAGS,
        summary,
        params: addressIdParamsSchema,
        response: answers(messageResponseSchema),
      },
      preValidation: signedInFirst,
      handler: async (request) => {
        const customer = await customers.signedIn(request);
        await act(orm, { customerId: customer.id, addressId: request.params.id });
        return { status: 'success' as const, message };
      },
    });

  actOnAddress(
    'DELETE',
    '/api/users/addresses/:id',
    'Remove an address; the newest one left becomes the default if it was',
    removeAddress,
    'Address removed',
  );
  actOnAddress(
    'POST',
    '/api/users/addresses/:id/default',
    'Make an address the default',
    setDefaultAddress,
    'Default address updated',
  );
}
