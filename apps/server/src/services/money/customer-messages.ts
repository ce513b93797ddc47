import { STORE_NAME, walletNameOf } from '@store/core';
import { mailDomainOf } from '../../config';
import type { PaymentRow } from '../../db/checkout-store';
import {
  completeOperation,
  type AuditLineOf,
  type MoneyOperationRow,
  type OperationDone,
} from '../../db/ledger-store';
import { findOrderContact, outboxEntryOf, type OutboxEntry } from '../../db/mail-outbox-store';
import { quietLog } from '../../log';
import { chargeCancelled, refundConfirmation, type PaymentMethodShown } from '../mail/messages';
import type { OperationsDependencies } from './dependencies';

/**
 * What a money operation tells the customer (decision 027): a refund, its confirmation; a whole refund sent
 * as a void of the capture (Cancel charge, or a refund of all of an unsettled capture), the notice of the
 * cancelled charge. Captures and voids of authorizations send nothing. Only orders with a contact email get
 * a message (those taken before the store asked for one have none).
 */

/** How the payment was made, as a message names it: never more than the last 4 digits. */
export function paymentMethodShown(payment: PaymentRow): PaymentMethodShown {
  const wallet = walletNameOf(payment.orderId);
  const shown: PaymentMethodShown =
    payment.cardBrand === 'ACH'
      ? { bankName: payment.bankName ?? '', last4: payment.last4 }
      : { brand: payment.cardBrand, last4: payment.last4 };
  return wallet ? { ...shown, wallet } : shown;
}

/** The customer's message about a reserved operation once it is done, or undefined when none is due. */
async function customerMessageOf(
  deps: OperationsDependencies,
  payment: PaymentRow,
  operation: MoneyOperationRow,
): Promise<OutboxEntry | undefined> {
  if (operation.kind !== 'refund') return undefined;
  const contact = await findOrderContact(deps.orm, payment.orderId);
  if (!contact) return undefined;
  const data = {
    storeName: STORE_NAME,
    orderId: payment.orderId,
    recipientName: contact.name,
    amountCents: operation.amountCents,
    paymentMethod: paymentMethodShown(payment),
  };
  const cancelled = operation.method === 'void';
  return outboxEntryOf(
    {
      kind: cancelled ? 'charge_cancelled' : 'refund_confirmation',
      // One message per money operation, however often (and by whichever server) it is settled.
      dedupeKey: `money-operation:${operation.id}`,
      orderId: payment.orderId,
      recipient: contact.email,
      ...(cancelled ? chargeCancelled(data) : refundConfirmation(data)),
    },
    mailDomainOf(deps.publicUrl),
  );
}

/**
 * Settles an operation the gateway did (`completeOperation`), with the customer's message queued in the
 * same statement, so that a refund is never recorded without its message nor its message without it. The
 * money comes first: a message that cannot be written is reported and the operation settled without it.
 */
export async function confirmOperation(
  deps: OperationsDependencies,
  payment: PaymentRow,
  operation: MoneyOperationRow,
  done: Omit<OperationDone, 'operationId' | 'mail'> & { audit?: AuditLineOf },
): Promise<MoneyOperationRow | undefined> {
  let mail: OutboxEntry | undefined;
  try {
    mail = await customerMessageOf(deps, payment, operation);
  } catch (error) {
    (deps.log ?? quietLog).error(
      { err: error, operationId: operation.id },
      "the customer's message about a money operation could not be written; settled without it",
    );
  }
  return completeOperation(deps.orm, operation.id, { ...done, ...(mail ? { mail } : {}) });
}
