import { STORE_NAME } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  chargeCancelled,
  orderConfirmation,
  orderShipped,
  refundConfirmation,
  type OrderConfirmationData,
  type RefundConfirmationData,
} from './messages';

const ORDER: OrderConfirmationData = {
  storeName: STORE_NAME,
  orderId: 'CC-0123456789AB',
  contactEmail: 'pat@example.com',
  items: [
    { productName: 'Premium Ballpoint Pen Pack', quantity: 3, unitPriceCents: 1499, lineTotalCents: 4497 },
    { productName: 'Premium Copy Paper 500 sheets', quantity: 2, unitPriceCents: 999, lineTotalCents: 1998 },
  ],
  subtotalCents: 6495,
  taxCents: 325,
  totalCents: 6820,
  delivery: {
    name: 'Pat Shopper',
    address: '500 Oak Avenue',
    address2: 'Apt 4B',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    country: 'US',
    phone: '303-555-0100',
  },
  paymentMethod: { brand: 'VISA', last4: '1111' },
  receiptUrl: 'https://shop.example/receipt/abc123',
};

const REFUND: RefundConfirmationData = {
  storeName: STORE_NAME,
  orderId: 'CC-0123456789AB',
  recipientName: 'Pat Shopper',
  amountCents: 820,
  paymentMethod: { brand: 'MASTERCARD', last4: '4444' },
};

const HOSTILE = '<script>alert(1)</script>';
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;';

/** Every message, rendered from `order` and `refund`. */
function everyMessage(order: OrderConfirmationData, refund: RefundConfirmationData) {
  return [orderConfirmation(order), refundConfirmation(refund), chargeCancelled(refund)];
}

describe("the customers' messages", () => {
  it('confirms an order with its lines, totals, delivery, method and receipt link, in HTML and in text', () => {
    const message = orderConfirmation(ORDER);
    expect(message.subject).toBe(`Your ${STORE_NAME} order CC-0123456789AB`);
    for (const body of [message.textBody, message.htmlBody]) {
      for (const expected of [
        'Thank you for your order',
        'Hi Pat Shopper,',
        'CC-0123456789AB',
        'Premium Ballpoint Pen Pack',
        '$14.99',
        '$44.97',
        '$19.98',
        '$64.95',
        '$3.25',
        '$68.20',
        '500 Oak Avenue',
        'Apt 4B',
        'Denver, CO 80202',
        'United States',
        '303-555-0100',
        'pat@example.com',
        'Visa ending in 1111',
        'https://shop.example/receipt/abc123',
        STORE_NAME,
      ]) {
        expect(body).toContain(expected);
      }
    }
    expect(message.textBody).toContain('3 × Premium Ballpoint Pen Pack ($14.99 each): $44.97');
    expect(message.htmlBody).toContain('<a href="https://shop.example/receipt/abc123"');
    expect(message.htmlBody).toMatch(/^<!doctype html>/);
  });

  it('leaves out the lines a delivery does not have, and links only to a web address', () => {
    const { address2: _address2, phone: _phone, ...address } = ORDER.delivery;
    const message = orderConfirmation({
      ...ORDER,
      delivery: { ...address, country: 'CA' },
      receiptUrl: 'javascript:alert(1)',
    });
    expect(message.textBody).not.toContain('Phone');
    expect(message.textBody).toContain('Canada');
    expect(message.htmlBody).not.toContain('javascript:');
    expect(message.textBody).not.toContain('javascript:');
  });

  it('tells that an order shipped, with the carrier, the tracking number and where it goes', () => {
    const message = orderShipped({
      storeName: STORE_NAME,
      orderId: ORDER.orderId,
      delivery: { ...ORDER.delivery, name: '<b>Pat</b>' },
      carrier: 'UPS <script>',
      trackingNumber: '1Z999AA10123456784',
      receiptUrl: 'javascript:alert(1)',
    });
    expect(message.subject).toBe(`Your ${STORE_NAME} order ${ORDER.orderId} has shipped`);
    expect(message.textBody).toContain('Carrier: UPS <script>');
    expect(message.textBody).toContain('Tracking number: 1Z999AA10123456784');
    expect(message.textBody).toContain('500 Oak Avenue');
    expect(message.htmlBody).toContain('UPS &lt;script&gt;');
    expect(message.htmlBody).toContain('&lt;b&gt;Pat&lt;/b&gt;');
    expect(message.htmlBody).not.toContain('<script>');
    // Only a web address is made a link.
    expect(message.htmlBody).not.toContain('javascript:');
    expect(message.textBody).not.toContain('javascript:');
    // Without a carrier or tracking number, the notice says only that it shipped.
    const bare = orderShipped({ storeName: STORE_NAME, orderId: ORDER.orderId, delivery: ORDER.delivery });
    expect(bare.textBody).not.toMatch(/Carrier|Tracking/);
    expect(bare.textBody).toContain(`order ${ORDER.orderId} has left our warehouse`);
  });

  it('tells of a refund and of a cancelled charge, with the amount and the method', () => {
    const refund = refundConfirmation(REFUND);
    expect(refund.subject).toBe(`Refund of $8.20 for your ${STORE_NAME} order CC-0123456789AB`);
    expect(refund.textBody).toContain('We have refunded $8.20 to your Mastercard ending in 4444');
    expect(refund.htmlBody).toContain('Mastercard ending in 4444');

    const cancelled = chargeCancelled({
      ...REFUND,
      amountCents: 6820,
      paymentMethod: { bankName: 'First Sandbox Bank', last4: '3210' },
    });
    expect(cancelled.subject).toBe(`Charge cancelled for your ${STORE_NAME} order CC-0123456789AB`);
    expect(cancelled.textBody).toContain(
      'We have cancelled the charge of $68.20 to your bank account at First Sandbox Bank ending in 3210',
    );
    expect(cancelled.textBody).toContain('It will not appear on your statement.');
  });

  it('names the wallet a card was paid with, and greets without a name when there is none', () => {
    const message = refundConfirmation({
      ...REFUND,
      recipientName: ' ',
      paymentMethod: { brand: 'AMEX', last4: '0005', wallet: 'Google Pay' },
    });
    expect(message.textBody).toContain('American Express ending in 0005 (Google Pay)');
    expect(message.textBody).toContain('Hello,');
  });

  it('escapes a script in every field a person gave, in the HTML body', () => {
    const order: OrderConfirmationData = {
      ...ORDER,
      contactEmail: `pat${HOSTILE}@example.com`,
      delivery: {
        name: HOSTILE,
        address: HOSTILE,
        address2: HOSTILE,
        city: HOSTILE,
        state: HOSTILE,
        zip: HOSTILE,
        country: 'US',
        phone: HOSTILE,
      },
      items: [{ ...ORDER.items[0]!, productName: HOSTILE }],
      paymentMethod: { bankName: HOSTILE, last4: '3210' },
      receiptUrl: `https://shop.example/receipt/"${HOSTILE}`,
    };
    const refund: RefundConfirmationData = {
      ...REFUND,
      recipientName: HOSTILE,
      paymentMethod: { bankName: HOSTILE, last4: '3210', wallet: HOSTILE },
    };
    for (const message of everyMessage(order, refund)) {
      expect(message.htmlBody).not.toMatch(/<script/i);
      expect(message.htmlBody).toContain(ESCAPED);
      // The plain text is text: shown as typed, never interpreted.
      expect(message.textBody).toContain(HOSTILE);
    }
    const confirmation = orderConfirmation(order).htmlBody;
    // Name, street, second line, city-state-zip, phone, email, product, bank, and the link's text and address.
    expect(confirmation.split(ESCAPED).length - 1).toBeGreaterThanOrEqual(11);
    expect(confirmation).toContain('href="https://shop.example/receipt/&quot;&lt;script&gt;');
  });

  it('never shows more of a card or an account than its last four digits', () => {
    const card = '4111111111111111';
    const account = '9876543210';
    const messages = everyMessage(
      { ...ORDER, paymentMethod: { brand: 'VISA', last4: card } },
      { ...REFUND, paymentMethod: { bankName: 'First Sandbox Bank', last4: account } },
    );
    for (const message of messages) {
      for (const body of [message.subject, message.textBody, message.htmlBody]) {
        expect(body).not.toContain(card);
        expect(body).not.toContain(account);
        expect(body).not.toContain(card.slice(-5));
        expect(body).not.toContain(account.slice(-5));
      }
    }
    expect(messages[0]!.textBody).toContain('Visa ending in 1111');
    expect(messages[1]!.textBody).toContain('ending in 3210');
  });
});
