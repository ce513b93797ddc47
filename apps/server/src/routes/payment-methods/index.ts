import {
  cardEntryResponseSchema,
  listPaymentMethodsRequestSchema,
  messageResponseSchema,
  paymentMethodActionRequestSchema,
  paymentMethodsResponseSchema,
  processWithTokenRequestSchema,
  savePaymentTokenRequestSchema,
  savePaymentTokenResponseSchema,
  serverPaymentResponseSchema,
  tokenizeRequestSchema,
  tokenizeResponseSchema,
} from '@store/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CustomerGuard } from '../../http/customer-session';
import { runIdempotent } from '../../http/idempotency';
import { answers, typed } from '../../http/contract';
import {
  listPaymentMethods,
  openCardEntry,
  removePaymentMethod,
  savePaymentMethod,
  setDefaultPaymentMethod,
  tokenizePaymentMethod,
  type CardEntryDependencies,
} from '../../services/accounts/payment-methods';
import { payWithSavedMethod } from '../../services/checkout/saved-method';

/** Saved cards and bank accounts, and paying with them (product §7). Every call is the signed-in owner's. */
export function registerPaymentMethodRoutes(
  app: FastifyInstance,
  deps: CardEntryDependencies & { customers: CustomerGuard },
): void {
  const { customers } = deps;
  const api = typed(app);

  api.post(
    '/api/payment/card-entry',
    {
      schema: {
        tags: ['Saved payment methods'],
        summary: "Open the gateway's card frame, where the card number is typed, for this session",
        response: answers(cardEntryResponseSchema),
      },
      preValidation: async (request: FastifyRequest) => {
        await customers.signedIn(request);
      },
    },
    async (request) => {
      const customer = await customers.signedIn(request);
      const entry = await openCardEntry(deps, {
        customerId: customer.id,
        clientAddress: request.clientAddress,
        sessionDigest: customers.sessionDigest(request)!,
      });
      return { status: 'success', ...entry };
    },
  );

  api.post(
    '/api/payment/tokenize-proxy',
    {
      schema: {
        tags: ['Saved payment methods'],
        summary:
          'Turn a bank account into a CardSecure token (card numbers only when the shop opts in: they are typed in the card frame)',
        body: tokenizeRequestSchema,
        response: answers(tokenizeResponseSchema),
      },
      preValidation: async (request: FastifyRequest) => {
        await customers.signedIn(request);
      },
    },
    async (request) => {
      const customer = await customers.signedIn(request);
      const form = request.body;
      const { token, type } = await tokenizePaymentMethod(deps, {
        customerId: customer.id,
        clientAddress: request.clientAddress,
        sessionDigest: customers.sessionDigest(request)!,
        form,
      });
      return { status: 'Y', tokenid: token, type, message: 'Tokenized' };
    },
  );

  api.post(
    '/api/payment/save-payment-token',
    {
      schema: {
        tags: ['Saved payment methods'],
        summary: "Save a token in the customer's gateway profile",
        body: savePaymentTokenRequestSchema,
        response: answers(savePaymentTokenResponseSchema),
      },
    },
    async (request) => {
      const body = request.body;
      const customer = await customers.owner(request, body.userId);
      const paymentMethod = await savePaymentMethod(deps, {
        ...body,
        customerId: customer.id,
        clientAddress: request.clientAddress,
        sessionDigest: customers.sessionDigest(request)!,
      });
      return { status: 'success', paymentMethod, message: 'Payment method saved' };
    },
  );

  api.post(
    '/api/payment/payment-methods',
    {
      schema: {
        tags: ['Saved payment methods'],
        summary: "The customer's saved methods",
        body: listPaymentMethodsRequestSchema,
        response: answers(paymentMethodsResponseSchema),
      },
    },
    async (request) => {
      const body = request.body;
      const customer = await customers.owner(request, body.userId);
      return { status: 'success', paymentMethods: await listPaymentMethods(deps.orm, customer.id) };
    },
  );

  api.post(
    '/api/users/payment-methods/remove',
    {
      schema: {
        tags: ['Saved payment methods'],
        summary: 'Remove a saved method',
        body: paymentMethodActionRequestSchema,
        response: answers(messageResponseSchema),
      },
    },
    async (request) => {
      const body = request.body;
      const customer = await customers.owner(request, body.userId);
      await removePaymentMethod(deps, { customerId: customer.id, methodId: body.paymentMethodId });
      return { status: 'success', message: 'Payment method removed' };
    },
  );

  api.post(
    '/api/users/payment-methods/set-default',
    {
      schema: {
        tags: ['Saved payment methods'],
        summary: 'Make a saved method the default',
        body: paymentMethodActionRequestSchema,
        response: answers(messageResponseSchema),
      },
    },
    async (request) => {
      const body = request.body;
      const customer = await customers.owner(request, body.userId);
      await setDefaultPaymentMethod(deps, { customerId: customer.id, methodId: body.paymentMethodId });
      return { status: 'success', message: 'Default payment method updated' };
    },
  );

  api.post(
    '/api/payment/process-with-token',
    {
      schema: {
        tags: ['Saved payment methods'],
        summary: 'Pay with a saved method',
        body: processWithTokenRequestSchema,
        response: answers(serverPaymentResponseSchema),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const customer = await customers.owner(request, body.userId);
      // A double click or a retried request sends the same key and gets the first answer: one charge.
      return runIdempotent(deps.orm, request, reply, `process-with-token:${customer.id}`, () =>
        payWithSavedMethod(deps, {
          customerId: customer.id,
          clientAddress: request.clientAddress,
          methodId: body.paymentMethodId,
          amountCents: body.amount,
          orderId: body.orderId,
          items: body.items,
          delivery: body.delivery,
          cartId: body.cartId,
        }),
      );
    },
  );
}
