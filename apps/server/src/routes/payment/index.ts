import { createPaymentRequestSchema, verifyPaymentRequestSchema } from '@store/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse';
import { createPayment, verifyPayment, type CheckoutDependencies } from '../../services/checkout';

export function registerPaymentRoutes(app: FastifyInstance, deps: CheckoutDependencies): void {
  app.post('/api/payment/create-payment', async (request) =>
    createPayment(deps, parseBody(createPaymentRequestSchema, request.body)),
  );

  app.post('/api/payment/verify-payment', async (request) =>
    verifyPayment(deps, parseBody(verifyPaymentRequestSchema, request.body).requestId),
  );
}
