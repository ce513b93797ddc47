import { createPaymentRequestSchema, verifyPaymentRequestSchema } from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { CustomerGuard } from '../../http/customer-session';
import { parseBody } from '../../http/parse';
import { createPayment, verifyPayment, type CheckoutDependencies } from '../../services/checkout';

export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: CheckoutDependencies & { customers: CustomerGuard },
): void {
  app.post('/api/payment/create-payment', async (request) => {
    const body = parseBody(createPaymentRequestSchema, request.body);
    // A guest pays without a userId; one that names a customer must be that signed-in customer.
    if (body.userId !== undefined) await deps.customers.owner(request, body.userId);
    return createPayment(deps, body);
  });

  app.post('/api/payment/verify-payment', async (request) =>
    verifyPayment(deps, parseBody(verifyPaymentRequestSchema, request.body).requestId),
  );
}
