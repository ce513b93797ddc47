import {
  cancelPaymentResponseSchema,
  createPaymentRequestSchema,
  createPaymentResponseSchema,
  verifyPaymentRequestSchema,
  verifyPaymentResponseSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { CustomerGuard } from '../../http/customer-session';
import { answers, typed } from '../../http/contract';
import { cancelPayment, createPayment, verifyPayment } from '../../services/checkout/hosted-page';
import type { CheckoutDependencies } from '../../services/checkout/orders';

export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: CheckoutDependencies & { customers: CustomerGuard },
): void {
  const api = typed(app);
  api.post(
    '/api/payment/create-payment',
    {
      schema: {
        tags: ['Checkout'],
        summary: 'Record an order and get the hosted payment page address',
        body: createPaymentRequestSchema,
        response: answers(createPaymentResponseSchema),
      },
    },
    async (request) => {
      const body = request.body;
      // A guest pays without a userId; one that names a customer must be that signed-in customer.
      if (body.userId !== undefined) await deps.customers.owner(request, body.userId);
      const customer = await deps.customers.current(request);
      return createPayment(deps, { ...body, customerId: customer?.id });
    },
  );

  api.post(
    '/api/payment/verify-payment',
    {
      schema: {
        tags: ['Checkout'],
        summary: "Confirm a payment with the gateway after the shopper's return",
        body: verifyPaymentRequestSchema,
        response: answers(verifyPaymentResponseSchema),
      },
    },
    async (request) => verifyPayment(deps, request.body.requestId),
  );

  api.post(
    '/api/payment/cancel-payment',
    {
      schema: {
        tags: ['Checkout'],
        summary: 'Close an attempt the shopper cancelled on the hosted page, giving its units back',
        body: verifyPaymentRequestSchema,
        response: answers(cancelPaymentResponseSchema),
      },
    },
    async (request) => cancelPayment(deps, request.body.requestId),
  );
}
