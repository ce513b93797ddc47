import { request } from 'undici';
import { centsToDecimalString } from '@store/core';
import { z } from 'zod';
import type {
  AuthorizeInput,
  FundingReport,
  GatewayResult,
  GatewayTransaction,
  MerchantCheck,
  PaymentGateway,
} from './payment-gateway';

import {
  appleDeviceData,
  avsFieldsOf,
  BIN_PRODUCTS,
  binRecord,
  fundingAnswer,
  fundingDateOf,
  merchantRecord,
  monthDayOf,
  NO_DEPOSITS,
  optionalFields,
  PPS_NOT_FOUND,
  PROFILE_NOT_FOUND,
  profileRecord,
  profileRefusal,
  settlementAnswer,
  tokenizeRecord,
  toResult,
  toTransaction,
  transactionRecord,
  unreadable,
  VOID_BY_ORDER_ID_ATTEMPTS,
} from './cardpointe-answers';
import { cardPointeCaller } from './cardpointe-http';

export interface CardPointeOptions {
  /** e.g. https://fts-uat.cardconnect.com, or the mounted sandbox's address; read on every call. */
  baseUrl: () => string;
  merchantId: string;
  username: string;
  password: string;
  hostedPageUrl: string;
  timeoutMs: number;
  movesRealMoney: boolean;
}

/**
 * The CardPointe Gateway REST API and CardSecure, over HTTP. The same code talks to Fiserv's CardPointe
 * and to the built-in sandbox gateway.
 */
export function createCardPointeGateway(options: CardPointeOptions): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const merchid = options.merchantId;

  const call = cardPointeCaller(options, authorization);

  async function transactionCall(
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    body?: object,
  ): Promise<GatewayResult<GatewayTransaction>> {
    const answer = await call(method, path, body);
    if (!answer.ok) return answer;
    const record = transactionRecord.safeParse(answer.value);
    if (!record.success) return unreadable();
    return toResult(record.data);
  }

  /** CardSecure's tokenize: a token, or the error code and message it answers instead. */
  async function tokenizeWith(body: object): Promise<GatewayResult<{ token: string }>> {
    const answer = await call('POST', '/cardsecure/api/v1/ccn/tokenize', body);
    if (!answer.ok) return answer;
    const record = tokenizeRecord.safeParse(answer.value);
    if (!record.success) return unreadable();
    if (!record.data.token || Number(record.data.errorcode ?? 0) !== 0) {
      return {
        ok: false,
        kind: 'declined',
        respcode: String(record.data.errorcode ?? ''),
        message: record.data.message || 'Tokenization failed',
      };
    }
    return { ok: true, value: { token: record.data.token } };
  }

  return {
    movesRealMoney: options.movesRealMoney,

    authorize(input: AuthorizeInput) {
      return transactionCall('PUT', '/cardconnect/rest/auth', {
        merchid,
        ...(input.profile ? { profile: input.profile } : { account: input.account }),
        // Visa's and Mastercard's stored-credential framework: a customer-initiated, unscheduled payment.
        ...(input.storedCredential ? { cof: 'C', cofscheduled: 'N' } : {}),
        ...(input.expiry ? { expiry: input.expiry } : {}),
        ...(input.cvv ? { cvv2: input.cvv } : {}),
        ...(input.name ? { name: input.name } : {}),
        ...(input.address ? avsFieldsOf(input.address) : {}),
        amount: centsToDecimalString(input.amountCents),
        currency: 'USD',
        orderid: input.orderId,
        capture: input.capture ? 'Y' : 'N',
        ecomind: input.entry === 'telephone' ? 'T' : 'E',
        // The card's BIN facts (country, prepaid, corporate) in the answer, for the operator.
        bin: 'Y',
      });
    },

    capture({ retref, amountCents }) {
      return transactionCall('PUT', '/cardconnect/rest/capture', {
        merchid,
        retref,
        ...(amountCents !== undefined ? { amount: centsToDecimalString(amountCents) } : {}),
      });
    },

    voidAuthorization({ retref }) {
      return transactionCall('PUT', '/cardconnect/rest/void', { merchid, retref });
    },

    // The reference documents voidByOrderId as a POST only.
    async voidByOrderId(orderId) {
      let result: GatewayResult<GatewayTransaction> | undefined;
      for (let attempt = 0; attempt < VOID_BY_ORDER_ID_ATTEMPTS; attempt += 1) {
        result = await transactionCall('POST', '/cardconnect/rest/voidByOrderId', {
          merchid,
          orderid: orderId,
        });
        if (result.ok || result.kind !== 'unavailable') return result;
      }
      return result!;
    },

    refund({ retref, amountCents }) {
      return transactionCall('PUT', '/cardconnect/rest/refund', {
        merchid,
        retref,
        ...(amountCents !== undefined ? { amount: centsToDecimalString(amountCents) } : {}),
      });
    },

    inquire(retref) {
      return transactionCall('GET', `/cardconnect/rest/inquire/${encodeURIComponent(retref)}/${merchid}`);
    },

    async inquireByOrderId(orderId) {
      const answer = await call(
        'GET',
        `/cardconnect/rest/inquireByOrderid/${encodeURIComponent(orderId)}/${merchid}/1`,
      );
      if (!answer.ok) return answer;
      // CardPointe answers an array of records, a single record, or a "Txn not found" record.
      const list = z
        .array(transactionRecord)
        .safeParse(Array.isArray(answer.value) ? answer.value : [answer.value]);
      if (!list.success) return unreadable();
      const found = list.data.filter(
        (record) => record.retref && !(record.respstat === 'C' && record.respcode === PPS_NOT_FOUND),
      );
      return { ok: true, value: found.map(toTransaction) };
    },

    tokenize({ account, expiry }) {
      return tokenizeWith({ account, ...(expiry ? { expiry } : {}) });
    },

    tokenizeWalletPayload(payload) {
      // Google's token goes exactly as Google gave it: not URL-encoded, not re-serialised.
      return payload.wallet === 'googlepay'
        ? tokenizeWith({ encryptionhandler: 'EC_GOOGLE_PAY', devicedata: payload.token })
        : tokenizeWith({
            encryptionhandler: 'EC_APPLE_PAY',
            devicedata: appleDeviceData(payload.paymentData),
          });
    },

    async saveProfileAccount(input) {
      const answer = await call('PUT', '/cardconnect/rest/profile', {
        merchid,
        ...(input.profileId ? { profile: input.profileId } : {}),
        account: input.token,
        ...(input.accountType ? { accttype: input.accountType } : {}),
        ...(input.expiry ? { expiry: input.expiry } : {}),
        name: input.name,
        ...optionalFields({
          address: input.address,
          city: input.city,
          region: input.region,
          country: input.country,
          postal: input.postal,
          phone: input.phone,
          email: input.email,
        }),
        defaultacct: input.makeDefault ? 'Y' : 'N',
      });
      if (!answer.ok) return answer;
      const record = profileRecord.safeParse(answer.value);
      if (!record.success) return unreadable();
      const { respstat, profileid, acctid, token } = record.data;
      if (respstat !== 'A' || !profileid || !acctid) return profileRefusal(record.data);
      return { ok: true, value: { profileId: profileid, accountId: acctid, token: token ?? input.token } };
    },

    async setDefaultProfileAccount({ profileId, accountId }) {
      const answer = await call('PUT', '/cardconnect/rest/profile', {
        merchid,
        profile: `${profileId}/${accountId}`,
        profileupdate: 'Y',
        defaultacct: 'Y',
      });
      if (!answer.ok) return answer;
      const record = profileRecord.safeParse(answer.value);
      if (!record.success) return unreadable();
      return record.data.respstat === 'A' ? { ok: true, value: undefined } : profileRefusal(record.data);
    },

    async deleteProfileAccount({ profileId, accountId }) {
      const answer = await call(
        'DELETE',
        `/cardconnect/rest/profile/${encodeURIComponent(profileId)}/${encodeURIComponent(accountId)}/${merchid}`,
      );
      if (!answer.ok) return answer;
      const record = profileRecord.safeParse(answer.value);
      if (!record.success) return unreadable();
      // "Profile not found": nothing is kept there any more, which is what deleting asks for.
      const gone = record.data.respstat === 'A' || record.data.respcode === PROFILE_NOT_FOUND;
      return gone ? { ok: true, value: undefined } : profileRefusal(record.data);
    },

    async cardBin(token) {
      const answer = await call('GET', `/cardconnect/rest/bin/${merchid}/${encodeURIComponent(token)}`);
      if (!answer.ok) return answer;
      const record = binRecord.safeParse(answer.value);
      if (!record.success) return unreadable();
      const { product, cardusestring, country, bin, subtype, issuer, ...flags } = record.data;
      // Blank texts (CardPointe sends " " for an unknown issuer) say nothing.
      const texts = Object.fromEntries(
        Object.entries({ country, bin, cardUse: cardusestring, subtype, issuer }).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
        ),
      );
      return {
        ok: true,
        value: {
          brand: BIN_PRODUCTS[product ?? ''] ?? 'UNKNOWN',
          ...texts,
          corporate: flags.corporate,
          purchase: flags.purchase,
          prepaid: flags.prepaid,
          fsa: flags.fsa,
          gsa: flags.gsa,
        },
      };
    },

    async inquireMerchant(): Promise<MerchantCheck> {
      const answer = await call('GET', `/cardconnect/rest/inquireMerchant/${encodeURIComponent(merchid)}`);
      if (!answer.ok) {
        if (answer.kind !== 'rejected') return { ok: false, kind: 'unavailable', message: answer.message };
        if (answer.status === 401 || answer.status === 403) {
          return { ok: false, kind: 'wrong-credentials', message: answer.message };
        }
        // CardPointe answers an unknown merchant id with a 4xx "Data not found".
        return {
          ok: false,
          kind: 'unknown-merchant',
          message: `The payment gateway does not know merchant ${merchid}`,
        };
      }
      const record = merchantRecord.safeParse(answer.value);
      if (!record.success) return { ok: false, kind: 'unavailable', message: unreadable().message };
      const { enabled, site, cardproc } = record.data;
      if (enabled !== true && enabled !== 'true') {
        return {
          ok: false,
          kind: 'merchant-disabled',
          message: `Merchant ${merchid} is not enabled at the payment gateway`,
        };
      }
      const flag = (value: string | undefined) => value?.toUpperCase() === 'Y';
      return {
        ok: true,
        value: {
          merchantId: record.data.merchid ?? merchid,
          site: site ?? '',
          cardProcessor: cardproc ?? '',
          echeck: flag(record.data.echeck),
          cvv: flag(record.data.cvv),
          avs: flag(record.data.avs),
          accountUpdater: flag(record.data.acctupdater),
        },
      };
    },

    async funding(day) {
      const query = new URLSearchParams({ merchid, date: fundingDateOf(day, new Date()) });
      const answer = await call('GET', `/cardconnect/rest/funding?${query.toString()}`);
      if (!answer.ok) return answer;
      const record = fundingAnswer.safeParse(answer.value);
      if (!record.success) return unreadable();
      const { errormsg, fundings, txns, chargebacks } = record.data;
      if (errormsg && !fundings?.length && !txns?.length) {
        if (NO_DEPOSITS.test(errormsg)) {
          return { ok: true, value: { deposits: [], transactions: [], chargebacks: [] } };
        }
        return { ok: false, kind: 'declined', respcode: '', message: errormsg };
      }
      const report: FundingReport = {
        deposits: (fundings ?? []).map((funding) => ({
          fundingId: funding.fundingid ?? funding.fundingmasterid ?? '',
          ...(funding.fundingdate ? { fundingDate: funding.fundingdate } : {}),
          currency: funding.currency ?? 'USD',
          netSalesCents: funding.netsales ?? funding.totalfunding,
          interchangeFeeCents: funding.interchangefee ?? 0,
          serviceChargeCents: funding.servicecharge ?? 0,
          feeCents: funding.fee ?? 0,
          reversalCents: funding.reversal ?? 0,
          adjustmentCents:
            (funding.adjustment ?? 0) + (funding.otheradjustment ?? 0) + (funding.thirdparty ?? 0),
          totalFundingCents: funding.totalfunding,
        })),
        transactions: (txns ?? []).map((txn) => ({
          retref: txn.retref,
          amountCents: txn.amount,
          ...(txn.type ? { type: txn.type } : {}),
          ...(txn.batchid ? { batchId: txn.batchid } : {}),
          ...(txn.invoicenumber ? { orderId: txn.invoicenumber } : {}),
          ...(txn.parentretref ? { parentRetref: txn.parentretref } : {}),
          ...(txn.achreturncode ? { achReturnCode: txn.achreturncode } : {}),
          ...(txn.interchangepercentfee != null || txn.interchangeunitfee != null
            ? { interchangeFeeCents: (txn.interchangepercentfee ?? 0) + (txn.interchangeunitfee ?? 0) }
            : {}),
        })),
        chargebacks: (chargebacks ?? []).map((chargeback) => ({
          ...(chargeback.retref ? { retref: chargeback.retref } : {}),
          ...(chargeback.invoicenumber ? { orderId: chargeback.invoicenumber } : {}),
          amountCents: chargeback.amount,
          ...(chargeback.reasoncode ? { reasonCode: chargeback.reasoncode } : {}),
          ...(chargeback.reasondescription ? { reasonDescription: chargeback.reasondescription } : {}),
          ...(chargeback.casenumber ? { caseNumber: chargeback.casenumber } : {}),
          ...(chargeback.chargebackdate ? { chargebackDate: chargeback.chargebackdate } : {}),
        })),
      };
      return { ok: true, value: report };
    },

    async settlementStatus(day) {
      const query = new URLSearchParams({ merchid, date: monthDayOf(day) });
      const answer = await call('GET', `/cardconnect/rest/settlestat?${query.toString()}`);
      if (!answer.ok) return answer;
      // "Null Batches": nothing settled that day (sent as a bare string, or as the message of an object).
      if (!Array.isArray(answer.value)) {
        return /null batches/i.test(JSON.stringify(answer.value ?? ''))
          ? { ok: true, value: [] }
          : unreadable();
      }
      const batches = settlementAnswer.safeParse(answer.value);
      if (!batches.success) return unreadable();
      return {
        ok: true,
        value: batches.data.map((batch) => ({
          batchId: batch.batchid,
          hostStatus: batch.hoststat ?? '',
          transactions: (batch.txns ?? []).map((txn) => ({
            retref: txn.retref,
            amountCents: txn.setlamount,
            accepted: txn.setlstat === 'Y',
            status: txn.setlstat ?? '',
            ...(txn.salesdoc ? { orderId: txn.salesdoc } : {}),
          })),
        })),
      };
    },

    // CardSecure's echo: the documented connection check, answered without credentials.
    async ping() {
      const message = 'readyz';
      try {
        const response = await request(`${options.baseUrl()}/cardsecure/api/v1/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ message }),
          signal: AbortSignal.timeout(Math.min(options.timeoutMs, 5_000)),
        });
        if (response.statusCode < 200 || response.statusCode >= 300) {
          await response.body.dump();
          return false;
        }
        const answer = (await response.body.json()) as { message?: unknown; errorcode?: unknown };
        return Number(answer.errorcode) === 0 && answer.message === message;
      } catch {
        return false;
      }
    },

    hostedPaymentUrl({ orderId, amountCents, returnUrl, billZip }) {
      const url = new URL(options.hostedPageUrl);
      url.searchParams.set('total', centsToDecimalString(amountCents));
      url.searchParams.set('invoice', orderId);
      url.searchParams.set('returnUrl', returnUrl);
      if (billZip) url.searchParams.set('billZip', billZip);
      return url.toString();
    },
  };
}
