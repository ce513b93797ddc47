import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
  timingSafeEqual,
  verify,
  type KeyObject,
} from 'node:crypto';

/**
 * Google Pay's payment method token, protocol ECv2, as Google documents it for gateway tokenization: the
 * card details are encrypted to the gateway's key (ECIES: ECDH on P-256, HKDF-SHA256, AES-256-CTR and an
 * HMAC-SHA256 tag) and signed twice: Google's root key signs a short-lived intermediate key, which signs
 * the message. The sandbox plays both sides with keys of its own: its wallet seals tokens as Google would,
 * and its CardSecure opens them as CardSecure does, refusing anything forged, altered, expired or replayed.
 */
const SENDER_ID = 'Google';
const PROTOCOL_VERSION = 'ECv2';
/** The recipient of a token made for CardPointe (`gateway: 'cardconnect'` in the payment request). */
const CARDCONNECT_RECIPIENT_ID = 'gateway:cardconnect';
const CURVE = 'prime256v1';
const INTERMEDIATE_KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface GooglePayCardDetails {
  pan: string;
  expirationMonth: number;
  expirationYear: number;
  authMethod: 'PAN_ONLY' | 'CRYPTOGRAM_3DS';
  cryptogram?: string;
  eciIndicator?: string;
}

export interface OpenedGooglePayToken {
  messageId: string;
  gatewayMerchantId: string;
  details: GooglePayCardDetails;
}

/** Google's signed strings: each part preceded by its length, 4 bytes little-endian. */
function lengthPrefixed(...parts: string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      return [length, bytes];
    }),
  );
}

/** An EC public key as an uncompressed point (0x04 ‖ x ‖ y), the form Google puts in its tokens. */
function uncompressedPoint(publicKey: KeyObject): Buffer {
  const { x, y } = publicKey.export({ format: 'jwk' });
  return Buffer.concat([Buffer.from([4]), Buffer.from(x!, 'base64url'), Buffer.from(y!, 'base64url')]);
}

function derivedKeys(ephemeralPoint: Buffer, sharedSecret: Buffer) {
  const keys = Buffer.from(
    hkdfSync('sha256', Buffer.concat([ephemeralPoint, sharedSecret]), Buffer.alloc(0), SENDER_ID, 64),
  );
  return { encryptionKey: keys.subarray(0, 32), macKey: keys.subarray(32) };
}

const ZERO_IV = Buffer.alloc(16);

/** Seals card details into a token for the gateway, as Google's servers do. */
export function sealGooglePayToken(input: {
  details: GooglePayCardDetails;
  gatewayMerchantId: string;
  messageId: string;
  rootSigningKey: KeyObject;
  recipientPublicKey: KeyObject;
  now: Date;
  lifetimeMs: number;
}): string {
  const intermediate = generateKeyPairSync('ec', { namedCurve: CURVE });
  const signedKey = JSON.stringify({
    keyValue: intermediate.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    keyExpiration: String(input.now.getTime() + INTERMEDIATE_KEY_LIFETIME_MS),
  });
  const keySignature = sign(
    'sha256',
    lengthPrefixed(SENDER_ID, PROTOCOL_VERSION, signedKey),
    input.rootSigningKey,
  );

  const plaintext = JSON.stringify({
    gatewayMerchantId: input.gatewayMerchantId,
    messageExpiration: String(input.now.getTime() + input.lifetimeMs),
    messageId: input.messageId,
    paymentMethod: 'CARD',
    paymentMethodDetails: input.details,
  });
  const ephemeral = createECDH(CURVE);
  const ephemeralPoint = ephemeral.generateKeys();
  const { encryptionKey, macKey } = derivedKeys(
    ephemeralPoint,
    ephemeral.computeSecret(uncompressedPoint(input.recipientPublicKey)),
  );
  const cipher = createCipheriv('aes-256-ctr', encryptionKey, ZERO_IV);
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = createHmac('sha256', macKey).update(encrypted).digest();
  const signedMessage = JSON.stringify({
    encryptedMessage: encrypted.toString('base64'),
    ephemeralPublicKey: ephemeralPoint.toString('base64'),
    tag: tag.toString('base64'),
  });
  const messageSignature = sign(
    'sha256',
    lengthPrefixed(SENDER_ID, CARDCONNECT_RECIPIENT_ID, PROTOCOL_VERSION, signedMessage),
    intermediate.privateKey,
  );
  return JSON.stringify({
    signature: messageSignature.toString('base64'),
    intermediateSigningKey: { signedKey, signatures: [keySignature.toString('base64')] },
    protocolVersion: PROTOCOL_VERSION,
    signedMessage,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function verifies(data: Buffer, signature: unknown, key: KeyObject): boolean {
  if (typeof signature !== 'string') return false;
  try {
    return verify('sha256', data, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

function cardDetailsOf(value: unknown): GooglePayCardDetails | undefined {
  if (!isRecord(value)) return undefined;
  const { pan, expirationMonth, expirationYear, authMethod, cryptogram, eciIndicator } = value;
  if (typeof pan !== 'string' || !/^\d{12,19}$/.test(pan)) return undefined;
  if (
    !Number.isInteger(expirationMonth) ||
    (expirationMonth as number) < 1 ||
    (expirationMonth as number) > 12
  )
    return undefined;
  if (!Number.isInteger(expirationYear) || (expirationYear as number) < 2000) return undefined;
  if (authMethod !== 'PAN_ONLY' && authMethod !== 'CRYPTOGRAM_3DS') return undefined;
  return {
    pan,
    expirationMonth: expirationMonth as number,
    expirationYear: expirationYear as number,
    authMethod,
    ...(typeof cryptogram === 'string' ? { cryptogram } : {}),
    ...(typeof eciIndicator === 'string' ? { eciIndicator } : {}),
  };
}

/**
 * Opens a token as CardSecure does: both signatures must hold (the intermediate key signed by the root key
 * and still valid, the message signed by it for this gateway), the tag must match, and the message must not
 * have expired. Anything else is undefined: one answer for every failure, as CardSecure gives.
 */
export function openGooglePayToken(
  devicedata: string,
  keys: { rootPublicKey: KeyObject; recipientPrivateKey: KeyObject },
  now: Date,
): OpenedGooglePayToken | undefined {
  const token = parseJson(devicedata);
  if (!token || token.protocolVersion !== PROTOCOL_VERSION || typeof token.signedMessage !== 'string') {
    return undefined;
  }
  const intermediate = token.intermediateSigningKey;
  if (!isRecord(intermediate) || typeof intermediate.signedKey !== 'string') return undefined;
  const signatures = Array.isArray(intermediate.signatures) ? intermediate.signatures : [];
  const signedKeyData = lengthPrefixed(SENDER_ID, PROTOCOL_VERSION, intermediate.signedKey);
  if (!signatures.some((signature) => verifies(signedKeyData, signature, keys.rootPublicKey)))
    return undefined;
  const signedKey = parseJson(intermediate.signedKey);
  if (
    !signedKey ||
    typeof signedKey.keyValue !== 'string' ||
    !(Number(signedKey.keyExpiration) > now.getTime())
  )
    return undefined;
  let intermediateKey: KeyObject;
  try {
    intermediateKey = createPublicKey({
      key: Buffer.from(signedKey.keyValue, 'base64'),
      format: 'der',
      type: 'spki',
    });
  } catch {
    return undefined;
  }
  const signedMessageData = lengthPrefixed(
    SENDER_ID,
    CARDCONNECT_RECIPIENT_ID,
    PROTOCOL_VERSION,
    token.signedMessage,
  );
  if (!verifies(signedMessageData, token.signature, intermediateKey)) return undefined;

  const message = parseJson(token.signedMessage);
  if (
    !message ||
    typeof message.encryptedMessage !== 'string' ||
    typeof message.ephemeralPublicKey !== 'string' ||
    typeof message.tag !== 'string'
  ) {
    return undefined;
  }
  const ephemeralPoint = Buffer.from(message.ephemeralPublicKey, 'base64');
  const encrypted = Buffer.from(message.encryptedMessage, 'base64');
  let plaintext: string;
  try {
    const recipient = createECDH(CURVE);
    const { d } = keys.recipientPrivateKey.export({ format: 'jwk' });
    recipient.setPrivateKey(Buffer.from(d!, 'base64url'));
    const { encryptionKey, macKey } = derivedKeys(ephemeralPoint, recipient.computeSecret(ephemeralPoint));
    const expected = createHmac('sha256', macKey).update(encrypted).digest();
    const tag = Buffer.from(message.tag, 'base64');
    if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) return undefined;
    const decipher = createDecipheriv('aes-256-ctr', encryptionKey, ZERO_IV);
    plaintext = Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
  const payload = parseJson(plaintext);
  if (!payload || !(Number(payload.messageExpiration) > now.getTime())) return undefined;
  if (typeof payload.messageId !== 'string' || typeof payload.gatewayMerchantId !== 'string')
    return undefined;
  if (payload.paymentMethod !== 'CARD') return undefined;
  const details = cardDetailsOf(payload.paymentMethodDetails);
  if (!details) return undefined;
  return { messageId: payload.messageId, gatewayMerchantId: payload.gatewayMerchantId, details };
}

/** A message id as Google makes them: opaque and unique. */
export function createGooglePayMessageId(): string {
  return randomBytes(24).toString('base64url');
}
