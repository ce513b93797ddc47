import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openGooglePayToken, sealGooglePayToken, type GooglePayCardDetails } from './google-pay';

/** Parsed JSON the test reaches into, field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = Record<string, any>;

const newKeyPair = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const root = newKeyPair();
const recipient = newKeyPair();
const NOW = new Date('2030-06-15T12:00:00.000Z');
const CARD: GooglePayCardDetails = {
  pan: '4111111111111111',
  expirationMonth: 12,
  expirationYear: 2032,
  authMethod: 'PAN_ONLY',
};

function seal(
  overrides: { rootKey?: typeof root; recipientKey?: typeof recipient; lifetimeMs?: number } = {},
) {
  return sealGooglePayToken({
    details: CARD,
    gatewayMerchantId: '800000000001',
    messageId: 'message-1',
    rootSigningKey: (overrides.rootKey ?? root).privateKey,
    recipientPublicKey: (overrides.recipientKey ?? recipient).publicKey,
    now: NOW,
    lifetimeMs: overrides.lifetimeMs ?? 60_000,
  });
}

const open = (token: string, now = NOW) =>
  openGooglePayToken(
    token,
    { rootPublicKey: root.publicKey, recipientPrivateKey: recipient.privateKey },
    now,
  );

/** Changes one field of the token (or of the JSON string inside it) and gives the token back as text. */
function alter(token: string, change: (parsed: Parsed) => void): string {
  const parsed = JSON.parse(token) as Parsed;
  change(parsed);
  return JSON.stringify(parsed);
}

describe('Google Pay ECv2 tokens', () => {
  it('has the shape Google documents: a signed message, an intermediate signing key, ECv2', () => {
    const token = JSON.parse(seal()) as Parsed;
    expect(Object.keys(token).sort()).toEqual([
      'intermediateSigningKey',
      'protocolVersion',
      'signature',
      'signedMessage',
    ]);
    expect(token.protocolVersion).toBe('ECv2');
    expect(Object.keys(JSON.parse(token.signedMessage)).sort()).toEqual([
      'encryptedMessage',
      'ephemeralPublicKey',
      'tag',
    ]);
    expect(Object.keys(JSON.parse(token.intermediateSigningKey.signedKey)).sort()).toEqual([
      'keyExpiration',
      'keyValue',
    ]);
    // The card number travels encrypted only.
    expect(JSON.stringify(token)).not.toContain(CARD.pan);
  });

  it('opens a genuine token and gives the card, the merchant and the message id', () => {
    expect(open(seal())).toEqual({
      messageId: 'message-1',
      gatewayMerchantId: '800000000001',
      details: CARD,
    });
  });

  it('refuses a token whose encrypted message was altered (the tag no longer matches)', () => {
    const token = alter(seal(), (parsed) => {
      const message = JSON.parse(parsed.signedMessage);
      const bytes = Buffer.from(message.encryptedMessage, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      message.encryptedMessage = bytes.toString('base64');
      parsed.signedMessage = JSON.stringify(message);
    });
    expect(open(token)).toBeUndefined();
  });

  it('refuses a token whose message signature does not match', () => {
    const other = JSON.parse(seal()).signature as string;
    const token = alter(seal(), (parsed) => {
      parsed.signature = other;
    });
    expect(open(token)).toBeUndefined();
  });

  it('refuses a token signed by any key but the root signing key', () => {
    expect(open(seal({ rootKey: newKeyPair() }))).toBeUndefined();
  });

  it('refuses a token encrypted for another recipient', () => {
    expect(open(seal({ recipientKey: newKeyPair() }))).toBeUndefined();
  });

  it('refuses a token whose message has expired', () => {
    expect(open(seal({ lifetimeMs: 60_000 }), new Date(NOW.getTime() + 60_001))).toBeUndefined();
    expect(open(seal({ lifetimeMs: 60_000 }), new Date(NOW.getTime() + 59_000))).toBeDefined();
  });

  it('refuses what is not a token at all, without throwing', () => {
    for (const text of [
      '',
      'null',
      '[]',
      '{}',
      'not json',
      '{"protocolVersion":"ECv1"}',
      alter(seal(), (p) => (p.protocolVersion = 'ECv1')),
    ]) {
      expect(open(text)).toBeUndefined();
    }
  });
});
