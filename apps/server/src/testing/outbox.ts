import type { Database } from '../db/client';

/** Pat, the contact every test order with one is placed by. */
export const PAT = { email: 'pat@example.com', name: 'Pat Shopper' };

/**
 * Gives an order a contact and a delivery address (Pat's, in Austin), or with `null` takes them away, as on
 * an order taken before the store asked for them: whatever the checkout recorded.
 */
export async function setOrderContact(
  database: Database,
  orderId: string,
  contact: { email: string; name: string } | null = PAT,
): Promise<void> {
  await database.sql.query(
    contact
      ? `update orders set contact_email = $2, delivery_name = $3, delivery_address = '1 Main St',
           delivery_city = 'Austin', delivery_state = 'TX', delivery_zip = '78701', delivery_country = 'US'
         where id = $1`
      : `update orders set contact_email = null, delivery_name = null, delivery_address = null,
           delivery_address2 = null, delivery_city = null, delivery_state = null, delivery_zip = null,
           delivery_country = null, delivery_phone = null
         where id = $1`,
    contact ? [orderId, contact.email, contact.name] : [orderId],
  );
}

export interface OutboxMessageRow {
  id: string;
  kind: string;
  dedupe_key: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string | Date;
  last_error: string | null;
  leased_until: unknown;
}

/** The refund and cancellation messages queued for an order, oldest first (its confirmation, if any, aside). */
export async function moneyMessagesOf(database: Database, orderId: string): Promise<OutboxMessageRow[]> {
  const { rows } = await database.sql.query<OutboxMessageRow>(
    "select * from mail_outbox where order_id = $1 and kind <> 'order_confirmation' order by created_at, id",
    [orderId],
  );
  return rows;
}
