import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkValidationUrl,
  createAppleMerchantSessionClient,
  validateMerchant,
  type MerchantSessionClient,
} from './apple-merchant-validation';

const MERCHANT = {
  merchantIdentifier: 'merchant.com.paperline.test',
  displayName: 'Paperline Office Supply',
  initiative: 'web' as const,
  initiativeContext: 'shop.example.com',
};

describe('the Apple Pay validation URL', () => {
  it("takes Apple's production and sandbox servers, on their session paths", () => {
    for (const url of [
      'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway-nc-pod3.apple.com/paymentservices/paymentSession',
      'https://apple-pay-gateway-pr-pod5-dr.apple.com/paymentservices/startSession',
      'https://cn-apple-pay-gateway-tj-pod2.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
      'https://APPLE-PAY-GATEWAY.apple.com/paymentservices/startSession',
    ]) {
      expect(checkValidationUrl(url).protocol).toBe('https:');
    }
  });

  it('refuses anything else with a 400, before any request is made', async () => {
    const refused = [
      'https://evil.example.com/paymentservices/startSession',
      'http://apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://17.32.139.128/paymentservices/startSession',
      'https://[::1]/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com.evil.com/paymentservices/startSession',
      'https://apple-pay-gateway.apple.co/paymentservices/startSession',
      'https://apple-pay-gateway-nc-pod9.apple.com/paymentservices/startSession',
      'https://user:pw@apple-pay-gateway.apple.com/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com:8443/paymentservices/startSession',
      'https://apple-pay-gateway.apple.com/anything/else',
      'https://apple-pay-gateway.apple.com/paymentservices/startSession?next=http://evil',
      'file:///etc/passwd',
      'not a url',
    ];
    const calls: string[] = [];
    const recording: MerchantSessionClient = {
      requestSession: async (url) => {
        calls.push(url.href);
        return {};
      },
    };
    for (const url of refused) {
      await expect(validateMerchant(recording, url, MERCHANT)).rejects.toMatchObject({
        kind: 'invalid',
        message: 'The validation URL is not one of Apple Pay\u2019s servers',
      });
    }
    expect(calls).toEqual([]);
  });
});

/** A CA, a server certificate for 127.0.0.1 and a client (merchant identity) certificate, made by openssl. */
function makeCertificates(directory: string) {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: directory, stdio: 'pipe' });
  const ecKey = (name: string) =>
    run('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', name);
  ecKey('ca.key');
  run('req', '-x509', '-new', '-key', 'ca.key', '-subj', '/CN=Test Apple CA', '-days', '2', '-out', 'ca.pem');
  const issue = (name: string, subject: string, extensions: string) => {
    ecKey(`${name}.key`);
    run('req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`);
    writeFileSync(join(directory, `${name}.ext`), extensions);
    run(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    );
  };
  issue('server', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  issue('merchant', '/CN=merchant.com.paperline.test', 'extendedKeyUsage=clientAuth\n');
  const read = (name: string) => readFileSync(join(directory, name));
  return {
    ca: read('ca.pem'),
    server: { cert: read('server.pem'), key: read('server.key') },
    merchant: { cert: read('merchant.pem'), key: read('merchant.key') },
  };
}

describe('merchant validation over mutual TLS', () => {
  let directory: string;
  let certificates: ReturnType<typeof makeCertificates>;
  let server: Server;
  let url: URL;
  const received: { subject: string; body: unknown }[] = [];

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'apple-mtls-'));
    certificates = makeCertificates(directory);
    // Apple's side: answers only a client that shows a certificate it trusts.
    server = createServer(
      {
        cert: certificates.server.cert,
        key: certificates.server.key,
        ca: certificates.ca,
        requestCert: true,
        rejectUnauthorized: true,
      },
      (incoming, outgoing) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const peer = (incoming.socket as TLSSocket).getPeerCertificate();
          received.push({
            subject: peer.subject.CN as string,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          });
          outgoing.writeHead(200, { 'content-type': 'application/json' });
          outgoing.end(
            JSON.stringify({ merchantSessionIdentifier: 'SSH-TEST', nonce: 'abc', signature: 'sig' }),
          );
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    url = new URL(`https://127.0.0.1:${port}/paymentservices/startSession`);
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  });

  it('sends the merchant request with the merchant identity certificate and returns the session', async () => {
    const client = createAppleMerchantSessionClient({
      certificate: certificates.merchant.cert,
      key: certificates.merchant.key,
      ca: certificates.ca,
      timeoutMs: 5_000,
    });
    const session = await client.requestSession(url, MERCHANT);
    expect(session).toEqual({ merchantSessionIdentifier: 'SSH-TEST', nonce: 'abc', signature: 'sig' });
    expect(received.at(-1)).toEqual({ subject: 'merchant.com.paperline.test', body: MERCHANT });
  });

  it('gets nothing without a client certificate the server trusts', async () => {
    const before = received.length;
    const selfMade = makeCertificates(mkdtempSync(join(tmpdir(), 'apple-mtls-other-')));
    const untrusted = createAppleMerchantSessionClient({
      certificate: selfMade.merchant.cert,
      key: selfMade.merchant.key,
      ca: certificates.ca,
      timeoutMs: 5_000,
    });
    await expect(untrusted.requestSession(url, MERCHANT)).rejects.toThrow();
    expect(received.length).toBe(before);
  });

  it('refuses a server it does not trust (no session from a stranger in the middle)', async () => {
    const client = createAppleMerchantSessionClient({
      certificate: certificates.merchant.cert,
      key: certificates.merchant.key,
      timeoutMs: 5_000,
    });
    await expect(client.requestSession(url, MERCHANT)).rejects.toThrow(
      /self[- ]signed|unable to verify|certificate/i,
    );
  });
});
