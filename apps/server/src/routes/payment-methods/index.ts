import {
  listPaymentMethodsRequestSchema,
  paymentMethodActionRequestSchema,
  processWithTokenRequestSchema,
  savePaymentTokenRequestSchema,
  tokenizeRequestSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { CustomerGuard } from '../../http/customer-session';
import { runIdempotent } from '../../http/idempotency';
import { parseBody } from '../../http/parse';
import {
  listPaymentMethods,
  payWithSavedMethod,
  removePaymentMethod,
  savePaymentMethod,
  setDefaultPaymentMethod,
  tokenizePaymentMethod,
  type PaymentMethodDependencies,
} from '../../services/payment-methods';

/** Saved cards and bank accounts, and paying with them (SPEC §7). Every call is the signed-in owner's. */
export function registerPaymentMethodRoutes(
  app: FastifyInstance,
  deps: PaymentMethodDependencies & { customers: CustomerGuard },
): void {
  const { customers } = deps;

  app.post('/api/payment/tokenize-proxy', async (request) => {
    const customer = await customers.signedIn(request);
    const form = parseBody(tokenizeRequestSchema, request.body);
    const { token, type } = await tokenizePaymentMethod(deps, {
      customerId: customer.id,
      clientAddress: request.ip,
      form,
    });
    return { status: 'Y', tokenid: token, type, message: 'Tokenized' };
  });

  app.post('/api/payment/save-payment-token', async (request) => {
    const body = parseBody(savePaymentTokenRequestSchema, request.body);
    const customer = await customers.owner(request, body.userId);
    const paymentMethod = await savePaymentMethod(deps, { ...body, customerId: customer.id });
    return { status: 'success', paymentMethod, message: 'Payment method saved' };
  });

  app.post('/api/payment/payment-methods', async (request) => {
    const body = parseBody(listPaymentMethodsRequestSchema, request.body);
    const customer = await customers.owner(request, body.userId);
    return { status: 'success', paymentMethods: await listPaymentMethods(deps.orm, customer.id) };
  });

  app.post('/api/users/payment-methods/remove', async (request) => {
    const body = parseBody(paymentMethodActionRequestSchema, request.body);
    const customer = await customers.owner(request, body.userId);
    await removePaymentMethod(deps, { customerId: customer.id, methodId: body.paymentMethodId });
    return { status: 'success', message: 'Payment method removed' };
  });

  app.post('/api/users/payment-methods/set-default', async (request) => {
    const body = parseBody(paymentMethodActionRequestSchema, request.body);
    const customer = await customers.owner(request, body.userId);
    await setDefaultPaymentMethod(deps, { customerId: customer.id, methodId: body.paymentMethodId });
    return { status: 'success', message: 'Default payment method updated' };
  });

  app.post('/api/payment/process-with-token', async (request, reply) => {
    const body = parseBody(processWithTokenRequestSchema, request.body);
    const customer = await customers.owner(request, body.userId);
    // A double click or a retried request sends the same key and gets the first answer: one charge.
    return runIdempotent(deps.orm, request, reply, `process-with-token:${customer.id}`, () =>
      payWithSavedMethod(deps, {
        customerId: customer.id,
        methodId: body.paymentMethodId,
        amountCents: body.amount,
        orderId: body.orderId,
        items: body.items,
      }),
    );
  });
}
