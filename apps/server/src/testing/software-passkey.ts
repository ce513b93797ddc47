import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey as a browser's authenticator makes one (WebAuthn Level 3): an ES256 key pair, "none"
 * attestation, user present and verified. The tests register it and sign in with it through the store's
 * real calls, so the server checks real signatures; nothing in the store is replaced.
 */

type CborValue = number | string | Uint8Array | CborValue[] | Map<number | string, CborValue>;

/** The few CBOR items (RFC 8949) an attestation needs: integers, byte and text strings, arrays, maps. */
function cbor(value: CborValue): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = [...value.entries()];
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export interface SoftwarePasskey {
  id: string;
  /** Answers registration options (`navigator.credentials.create`), as the browser sends them on. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }): unknown;
  /** Answers authentication options (`navigator.credentials.get`), as a page of `origin` would ask. */
  authenticate(options: { challenge: string; rpId?: string }, origin?: string): unknown;
}

export function createSoftwarePasskey(origin: string): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle = '';
  const rpIdOf = (given?: string) => given ?? new URL(origin).hostname;

  const coseKey = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' });
    return cbor(
      new Map<number, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  };
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };

  return {
    id: b64url(credentialId),
    register(options) {
      userHandle = options.user.id;
      const clientDataJSON = JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin,
      });
      const credentialLength = Buffer.alloc(2);
      credentialLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpIdOf(options.rp.id)),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        counterBytes(),
        Buffer.alloc(16), // AAGUID: none
        credentialLength,
        credentialId,
        coseKey(publicKey),
      ]);
      const attestationObject = cbor(
        new Map<string, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options, askingOrigin = origin) {
      counter += 1;
      const clientDataJSON = JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: askingOrigin,
      });
      const authenticatorData = Buffer.concat([
        sha256(rpIdOf(options.rpId)),
        Buffer.from([0x05]),
        counterBytes(),
      ]);
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        privateKey,
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
