import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  webcrypto,
  type KeyObject,
} from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Apple Pay's payment token, version EC_v1, as Apple documents it: the card is encrypted to the merchant's
 * payment processing key (ECDH on P-256, the NIST concatenation KDF with SHA-256, AES-256-GCM), and Apple
 * signs ephemeral key, data, transaction id and application data with a detached CMS signature whose leaf
 * certificate chains to Apple's root. With CardPointe the payment processing key is CardSecure's. The
 * sandbox plays Apple with a certificate chain of its own and CardSecure with its processing key.
 */
const crypto = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto });
pkijs.setEngine('node', crypto);

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  /** Apple's marker of the leaf certificate that signs payment tokens. */
  appleLeaf: '1.2.840.113635.100.6.29',
  /** Apple's marker of the intermediate CA that issues those leaves. */
  appleIntermediate: '1.2.840.113635.100.6.2.14',
} as const;

/** How far the signing time may be from now: Apple asks merchants to refuse older tokens. */
export const APPLE_PAY_SIGNATURE_LIFETIME_MS = 5 * 60 * 1000;
const ZERO_IV = Buffer.alloc(16);

export interface ApplePayCardData {
  applicationPrimaryAccountNumber: string;
  /** YYMMDD. */
  applicationExpirationDate: string;
  currencyCode: string;
  transactionAmount: number;
  deviceManufacturerIdentifier: string;
  paymentDataType: '3DSecure';
  paymentData: { onlinePaymentCryptogram: string; eciIndicator?: string };
}

/** PKPaymentToken.paymentData. */
export interface ApplePayPaymentData {
  version: 'EC_v1';
  data: string;
  signature: string;
  header: {
    ephemeralPublicKey: string;
    publicKeyHash: string;
    transactionId: string;
    applicationData?: string;
  };
}

/** The sandbox's stand-in for Apple's root and intermediate CAs and the signing leaf, made once and kept. */
export interface AppleSigningChain {
  rootCertificate: string;
  intermediateCertificate: string;
  leafCertificate: string;
  leafPrivateKey: string;
}

/** A Buffer's bytes as the ArrayBuffer WebCrypto and PKI.js take. */
function arrayBufferOf(bytes: Buffer): ArrayBuffer {
  return new Uint8Array(bytes).buffer;
}

function pem(label: string, der: ArrayBuffer): string {
  const body = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

function derOf(pemText: string): ArrayBuffer {
  const base64 = pemText.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const bytes = Buffer.from(base64, 'base64');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

function parseCertificate(pemText: string): pkijs.Certificate {
  return pkijs.Certificate.fromBER(derOf(pemText));
}

async function cryptoKeys(keyPair: { privateKey: KeyObject; publicKey: KeyObject }) {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  return {
    privateKey: await webcrypto.subtle.importKey(
      'pkcs8',
      keyPair.privateKey.export({ type: 'pkcs8', format: 'der' }),
      algorithm,
      false,
      ['sign'],
    ),
    publicKey: await webcrypto.subtle.importKey(
      'spki',
      keyPair.publicKey.export({ type: 'spki', format: 'der' }),
      algorithm,
      true,
      ['verify'],
    ),
  };
}

function name(commonName: string): pkijs.RelativeDistinguishedNames {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({
        type: OID.organization,
        value: new asn1js.Utf8String({ value: 'Sandbox (not Apple Inc.)' }),
      }),
      new pkijs.AttributeTypeAndValue({
        type: OID.commonName,
        value: new asn1js.Utf8String({ value: commonName }),
      }),
    ],
  });
}

async function issueCertificate(input: {
  subject: string;
  issuer: pkijs.Certificate | undefined;
  issuerKey: CryptoKey;
  publicKey: CryptoKey;
  certificateAuthority: boolean;
  marker?: string;
  now: Date;
}): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ valueHex: randomBytes(8) });
  certificate.subject = name(input.subject);
  certificate.issuer = input.issuer ? input.issuer.subject : name(input.subject);
  certificate.notBefore.value = new Date(input.now.getTime() - 24 * 60 * 60 * 1000);
  certificate.notAfter.value = new Date(input.now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000);
  certificate.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: input.certificateAuthority }).toSchema().toBER(false),
    }),
    ...(input.marker
      ? [
          new pkijs.Extension({
            extnID: input.marker,
            critical: false,
            extnValue: new asn1js.Null().toBER(false),
          }),
        ]
      : []),
  ];
  await certificate.subjectPublicKeyInfo.importKey(input.publicKey, crypto);
  await certificate.sign(input.issuerKey, 'SHA-256', crypto);
  return certificate;
}

/** Makes the sandbox's Apple certificate chain: root CA → intermediate CA → signing leaf. */
export async function createAppleSigningChain(now: Date): Promise<AppleSigningChain> {
  const newPair = async () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    return { nodeKeys: pair, webKeys: await cryptoKeys(pair) };
  };
  const [root, intermediate, leaf] = await Promise.all([newPair(), newPair(), newPair()]);
  const rootCertificate = await issueCertificate({
    subject: 'Sandbox Apple Root CA - G3',
    issuer: undefined,
    issuerKey: root.webKeys.privateKey,
    publicKey: root.webKeys.publicKey,
    certificateAuthority: true,
    now,
  });
  const intermediateCertificate = await issueCertificate({
    subject: 'Sandbox Apple Application Integration CA - G3',
    issuer: rootCertificate,
    issuerKey: root.webKeys.privateKey,
    publicKey: intermediate.webKeys.publicKey,
    certificateAuthority: true,
    marker: OID.appleIntermediate,
    now,
  });
  const leafCertificate = await issueCertificate({
    subject: 'sandbox-ecc-smp-broker-sign_UC4-PROD',
    issuer: intermediateCertificate,
    issuerKey: intermediate.webKeys.privateKey,
    publicKey: leaf.webKeys.publicKey,
    certificateAuthority: false,
    marker: OID.appleLeaf,
    now,
  });
  const toPem = (certificate: pkijs.Certificate) =>
    pem('CERTIFICATE', certificate.toSchema(true).toBER(false));
  return {
    rootCertificate: toPem(rootCertificate),
    intermediateCertificate: toPem(intermediateCertificate),
    leafCertificate: toPem(leafCertificate),
    leafPrivateKey: leaf.nodeKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

/** What Apple signs: ephemeral public key ‖ data ‖ transaction id ‖ application data. */
function signedContent(paymentData: ApplePayPaymentData): Buffer {
  return Buffer.concat([
    Buffer.from(paymentData.header.ephemeralPublicKey, 'base64'),
    Buffer.from(paymentData.data, 'base64'),
    Buffer.from(paymentData.header.transactionId, 'hex'),
    Buffer.from(paymentData.header.applicationData ?? '', 'hex'),
  ]);
}

/** The symmetric key: NIST SP 800-56A single-step KDF, SHA-256, as Apple specifies it. */
function symmetricKey(sharedSecret: Buffer, merchantIdentifier: string): Buffer {
  const algorithmId = Buffer.concat([Buffer.from([0x0d]), Buffer.from('id-aes256-GCM')]);
  const partyU = Buffer.from('Apple');
  const partyV = createHash('sha256').update(merchantIdentifier).digest();
  return createHash('sha256')
    .update(Buffer.from([0, 0, 0, 1]))
    .update(sharedSecret)
    .update(Buffer.concat([algorithmId, partyU, partyV]))
    .digest();
}

/** The hash CardSecure and the token name the processing key by: SHA-256 of its SubjectPublicKeyInfo. */
function publicKeyHashOf(processingPublicKey: KeyObject): string {
  return createHash('sha256')
    .update(processingPublicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}

/** Seals card data into an EC_v1 token, as Apple's servers do for the merchant's processing key. */
export async function sealApplePayToken(input: {
  card: ApplePayCardData;
  merchantIdentifier: string;
  processingPublicKey: KeyObject;
  chain: AppleSigningChain;
  now: Date;
}): Promise<ApplePayPaymentData> {
  const ephemeral = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const key = symmetricKey(
    diffieHellman({ privateKey: ephemeral.privateKey, publicKey: input.processingPublicKey }),
    input.merchantIdentifier,
  );
  const cipher = createCipheriv('aes-256-gcm', key, ZERO_IV);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(input.card), 'utf8'), cipher.final()]);
  const paymentData: ApplePayPaymentData = {
    version: 'EC_v1',
    data: Buffer.concat([encrypted, cipher.getAuthTag()]).toString('base64'),
    signature: '',
    header: {
      ephemeralPublicKey: ephemeral.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      publicKeyHash: publicKeyHashOf(input.processingPublicKey),
      transactionId: randomBytes(32).toString('hex'),
    },
  };
  paymentData.signature = await signDetached(signedContent(paymentData), input.chain, input.now);
  return paymentData;
}

async function signDetached(content: Buffer, chain: AppleSigningChain, now: Date): Promise<string> {
  const leaf = parseCertificate(chain.leafCertificate);
  const intermediate = parseCertificate(chain.intermediateCertificate);
  const leafKey = await webcrypto.subtle.importKey(
    'pkcs8',
    createPrivateKey(chain.leafPrivateKey).export({ type: 'pkcs8', format: 'der' }),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const digest = createHash('sha256').update(content).digest();
  const signed = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: [leaf, intermediate],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: OID.data })],
            }),
            new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: now })] }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: arrayBufferOf(digest) })],
            }),
          ],
        }),
      }),
    ],
  });
  await signed.sign(leafKey, 0, 'SHA-256', arrayBufferOf(content), crypto);
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER(false)).toString('base64');
}

function hasExtension(certificate: pkijs.Certificate, oid: string): boolean {
  return (certificate.extensions ?? []).some((extension) => extension.extnID === oid);
}

/**
 * Checks the signature as Apple tells merchants to: a leaf with Apple's leaf marker and an intermediate with
 * the intermediate marker, chaining to the trusted root; the signature over the token's content; a signing
 * time within APPLE_PAY_SIGNATURE_LIFETIME_MS of now.
 */
async function verifySignature(
  paymentData: ApplePayPaymentData,
  rootPem: string,
  now: Date,
): Promise<boolean> {
  try {
    const contentInfo = pkijs.ContentInfo.fromBER(Buffer.from(paymentData.signature, 'base64'));
    if (contentInfo.contentType !== OID.signedData) return false;
    const signed = new pkijs.SignedData({ schema: contentInfo.content });
    const certificates = (signed.certificates ?? []).filter(
      (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
    );
    if (!certificates.some((item) => hasExtension(item, OID.appleLeaf))) return false;
    if (!certificates.some((item) => hasExtension(item, OID.appleIntermediate))) return false;
    const signerInfo = signed.signerInfos[0];
    const signingTime = signerInfo?.signedAttrs?.attributes.find(
      (attribute) => attribute.type === OID.signingTime,
    );
    const signedAt = (signingTime?.values[0] as asn1js.UTCTime | undefined)?.toDate();
    if (!signedAt || Math.abs(now.getTime() - signedAt.getTime()) > APPLE_PAY_SIGNATURE_LIFETIME_MS)
      return false;
    const content = signedContent(paymentData);
    const result = await signed.verify(
      {
        signer: 0,
        data: arrayBufferOf(content),
        trustedCerts: [parseCertificate(rootPem)],
        checkChain: true,
        checkDate: now,
        extendedMode: true,
      },
      crypto,
    );
    return result.signatureVerified === true;
  } catch {
    return false;
  }
}

/**
 * Opens a token as CardSecure does for EC_APPLE_PAY: the key hash must name this processing key, the
 * signature must hold, and the data must decrypt and authenticate. Undefined for every failure.
 */
export async function openApplePayToken(
  paymentData: ApplePayPaymentData,
  keys: { processingPrivateKey: KeyObject; merchantIdentifier: string; rootCertificate: string },
  now: Date,
): Promise<ApplePayCardData | undefined> {
  const processingPublicKey = createPublicKey(keys.processingPrivateKey);
  if (paymentData.version !== 'EC_v1') return undefined;
  if (paymentData.header.publicKeyHash !== publicKeyHashOf(processingPublicKey)) return undefined;
  if (!(await verifySignature(paymentData, keys.rootCertificate, now))) return undefined;
  try {
    const ephemeral = createPublicKey({
      key: Buffer.from(paymentData.header.ephemeralPublicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const key = symmetricKey(
      diffieHellman({ privateKey: keys.processingPrivateKey, publicKey: ephemeral }),
      keys.merchantIdentifier,
    );
    const bytes = Buffer.from(paymentData.data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, ZERO_IV);
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plaintext = Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - 16)),
      decipher.final(),
    ]);
    const card = JSON.parse(plaintext.toString('utf8')) as ApplePayCardData;
    if (
      !/^\d{12,19}$/.test(card.applicationPrimaryAccountNumber) ||
      !/^\d{6}$/.test(card.applicationExpirationDate)
    ) {
      return undefined;
    }
    return card;
  } catch {
    return undefined;
  }
}
