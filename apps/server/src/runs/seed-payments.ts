import { createOrderId } from '@store/core';
import { SANDBOX_CREDENTIALS } from '@store/sandbox-gateway';
import type { Database } from '../db/client';
import { createCardPointeGateway } from '../gateway/cardpointe-gateway';
import type { PaymentGateway } from '../gateway/payment-gateway';

/** The store's gateway adapter pointed straight at a standalone sandbox gateway (to seed authorizations). */
export function standaloneSandboxClient(url: string): PaymentGateway {
  return createCardPointeGateway({
    baseUrl: () => url,
    ...SANDBOX_CREDENTIALS,
    hostedPageUrl: `${url}/hpp`,
    timeoutMs: 10_000,
    movesRealMoney: false,
  });
}

/**
 * Makes `count` authorizations of $68.20 with the VISA test card at the gateway, and records each as the
 * store records a verified guest payment: many payments awaiting capture, quickly (for Capture All).
 */
export async function seedAuthorizedPayments(
  database: Database,
  gateway: PaymentGateway,
  count: number,
): Promise<void> {
  const batchSize = 40;
  for (let done = 0; done < count; done += batchSize) {
    await Promise.all(
      Array.from({ length: Math.min(batchSize, count - done) }, async (_, index) => {
        const orderId = createOrderId('card');
        const auth = await gateway.authorize({
          account: '4111111111111111',
          expiry: '1230',
          amountCents: 6820,
          orderId,
          capture: false,
        });
        if (!auth.ok) throw new Error(`authorization ${done + index} failed: ${auth.message}`);
        await database.sql.query(
          `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents)
           values ($1, 'card', 'Guest', 6495, 325, 6820)`,
          [orderId],
        );
        await database.sql.query(
          `insert into payments (order_id, retref, card_brand, last4, auth_code, authorized_cents, authorized_at)
           values ($1, $2, 'VISA', '1111', $3, 6820, now())`,
          [orderId, auth.value.retref, auth.value.authCode ?? 'A1B2C3'],
        );
      }),
    );
  }
}
