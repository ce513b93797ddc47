import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPLE_PAY_SIGNATURE_LIFETIME_MS,
  createAppleSigningChain,
  openApplePayToken,
  sealApplePayToken,
  type ApplePayCardData,
  type AppleSigningChain,
} from './apple-pay';
import { paymentDataOfDeviceData } from './sandbox-wallets';

const NOW = new Date('2030-06-15T12:00:00.000Z');
const MERCHANT = 'merchant.com.cardpointe.sandbox';
const CARD: ApplePayCardData = {
  applicationPrimaryAccountNumber: '4111111111111111',
  applicationExpirationDate: '321231',
  currencyCode: '840',
  transactionAmount: 2098,
  deviceManufacturerIdentifier: '040010030273',
  paymentDataType: '3DSecure',
  paymentData: { onlinePaymentCryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=', eciIndicator: '7' },
};
const processing = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

describe('Apple Pay EC_v1 tokens', () => {
  let chain: AppleSigningChain;
  let otherChain: AppleSigningChain;

  beforeAll(async () => {
    [chain, otherChain] = await Promise.all([createAppleSigningChain(NOW), createAppleSigningChain(NOW)]);
  });

  const seal = (signingChain = chain, processingKey = processing.publicKey) =>
    sealApplePayToken({
      card: CARD,
      merchantIdentifier: MERCHANT,
      processingPublicKey: processingKey,
      chain: signingChain,
      now: NOW,
    });
  const open = (
    token: Awaited<ReturnType<typeof seal>>,
    options: { now?: Date; root?: string; merchant?: string } = {},
  ) =>
    openApplePayToken(
      token,
      {
        processingPrivateKey: processing.privateKey,
        merchantIdentifier: options.merchant ?? MERCHANT,
        rootCertificate: options.root ?? chain.rootCertificate,
      },
      options.now ?? NOW,
    );

  it('has the shape Apple documents and keeps the card number encrypted', async () => {
    const token = await seal();
    expect(token.version).toBe('EC_v1');
    expect(Object.keys(token.header).sort()).toEqual([
      'ephemeralPublicKey',
      'publicKeyHash',
      'transactionId',
    ]);
    expect(token.header.transactionId).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(token)).not.toContain(CARD.applicationPrimaryAccountNumber);
  });

  it('opens a genuine token', async () => {
    expect(await open(await seal())).toEqual(CARD);
  });

  it('refuses altered data (the GCM tag fails) and an altered transaction id (the signature fails)', async () => {
    const token = await seal();
    const data = Buffer.from(token.data, 'base64');
    data[0] = data[0]! ^ 1;
    expect(await open({ ...token, data: data.toString('base64') })).toBeUndefined();
    const transactionId = token.header.transactionId.replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
    expect(await open({ ...token, header: { ...token.header, transactionId } })).toBeUndefined();
  });

  it('refuses a token signed by a chain that does not lead to the trusted root', async () => {
    expect(await open(await seal(otherChain))).toBeUndefined();
    expect(await open(await seal(), { root: otherChain.rootCertificate })).toBeUndefined();
  });

  it('refuses a token whose signing time is too far from now', async () => {
    const token = await seal();
    const late = new Date(NOW.getTime() + APPLE_PAY_SIGNATURE_LIFETIME_MS + 1000);
    expect(await open(token, { now: late })).toBeUndefined();
    expect(await open(token, { now: new Date(NOW.getTime() + 60_000) })).toEqual(CARD);
  });

  it('refuses a token for another processing key or another merchant identifier', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expect(await open(await seal(chain, other.publicKey))).toBeUndefined();
    expect(await open(await seal(), { merchant: 'merchant.com.someone.else' })).toBeUndefined();
  });

  it("reads CardPointe's devicedata back into the token", async () => {
    const token = await seal();
    const devicedata = [
      token.data,
      'ectype=apple',
      `ecsig=${token.signature}`,
      `eckey=${token.header.ephemeralPublicKey}`,
      `ectid=${token.header.transactionId}`,
      'echash=',
      `ecpublickeyhash=${token.header.publicKeyHash}`,
    ].join('&');
    expect(paymentDataOfDeviceData(devicedata)).toEqual(token);
    expect(paymentDataOfDeviceData(devicedata.replace('ectype=apple', 'ectype=google'))).toBeUndefined();
    expect(paymentDataOfDeviceData('just data')).toBeUndefined();
  });
});
