import { z } from 'zod';
import { cartItemsSchema, dollarAmountSchema } from './checkout';

/** An order an operator takes by telephone for a customer (decision 033). */

/** The Customer ID in the path, as the caller reads it out. */
export const customerIdParamsSchema = z.object({
  customerId: z
    .string({ error: 'Customer ID is required' })
    .regex(/^\d{1,9}$/, 'Customer not found')
    .transform(Number),
});

export const phoneOrderRequestSchema = z.looseObject(
  {
    items: cartItemsSchema,
    /** The total the operator read out to the caller: the server's own price must be the same. */
    amount: dollarAmountSchema,
    addressId: z.string({ error: 'Choose a delivery address' }).uuid('Address not found'),
    methodId: z.string({ error: 'Choose a saved payment method' }).uuid('Payment method not found'),
  },
  { error: 'The request body must be a JSON object' },
);

export const phoneOrderResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  orderId: z.string(),
});
