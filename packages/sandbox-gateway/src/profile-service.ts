import { isToken, type CardSecure } from './cardsecure';
import type { GatewayConfig } from './gateway-config';
import type { ProfileAccountRow, ProfileDetails, ProfileStore } from './profile-store';
import { GATEWAY_RESPONSES, INVALID_ACCOUNT_TYPE, type ResponseCode } from './response-codes';
import type { GatewayStore } from './store';

export type ProfileOutcome =
  | { ok: true; account: ProfileAccountRow }
  | { ok: false; refusal: ResponseCode }
  | { ok: false; invalid: string };

/** What the profile service's PUT/POST sends: the profile or account to save to, and the account. */
export interface SaveProfileRequest {
  profile?: string;
  account?: string;
  details: Omit<ProfileDetails, 'token'>;
  defaultacct: boolean;
}

/** The profile service: the merchant's stored accounts, found, saved and deleted. */
export class ProfileService {
  constructor(
    private readonly store: GatewayStore,
    private readonly profiles: ProfileStore,
    private readonly cardSecure: CardSecure,
    private readonly config: GatewayConfig,
  ) {}

  /** `<profileid>/<acctid>` or `<profileid>` (its default account), as auth and the profile calls name them. */
  async findProfileAccount(merchid: string, profile: string): Promise<ProfileOutcome> {
    if (merchid !== this.config.merchantId) return { ok: false, refusal: GATEWAY_RESPONSES.invalidMerchant };
    const match = /^(\d{20})(?:\/(\d{1,3}))?$/.exec(profile);
    if (!match) return { ok: false, invalid: 'profile must be <profileid>/<acctid>' };
    const [, profileid, acctid] = match as unknown as [string, string, string | undefined];
    if (!(await this.profiles.profileExists(merchid, profileid))) {
      return { ok: false, refusal: GATEWAY_RESPONSES.profileNotFound };
    }
    const account = await this.profiles.findAccount(profileid, acctid ? Number(acctid) : undefined);
    return account ? { ok: true, account } : { ok: false, refusal: GATEWAY_RESPONSES.profileNotFound };
  }

  /**
   * The profile service's PUT/POST: with no `profile`, a new profile holding this account; with a profile
   * id, the account added to it (the same data again answers the account it already has); with
   * `<profileid>/<acctid>`, that account updated (`defaultacct: 'Y'` makes it the default).
   */
  async saveProfile(merchid: string, request: SaveProfileRequest): Promise<ProfileOutcome> {
    if (merchid !== this.config.merchantId) return { ok: false, refusal: GATEWAY_RESPONSES.invalidMerchant };
    const now = this.config.now();
    if (request.profile?.includes('/')) {
      const found = await this.findProfileAccount(merchid, request.profile);
      if (!found.ok) return found;
      if (request.defaultacct) await this.profiles.setDefault(found.account.profileid, found.account.acctid);
      const account = await this.profiles.findAccount(found.account.profileid, found.account.acctid);
      return account ? { ok: true, account } : { ok: false, refusal: GATEWAY_RESPONSES.profileNotFound };
    }
    if (!request.account) return { ok: false, invalid: 'account is required' };
    let token = request.account;
    if (!isToken(token)) {
      const tokenized = await this.cardSecure.tokenize(token, request.details.expiry ?? undefined);
      if (!tokenized.ok) return { ok: false, refusal: GATEWAY_RESPONSES.invalidCardNumber };
      token = tokenized.card.token;
    }
    const card = await this.store.findCard(token);
    if (!card) return { ok: false, refusal: GATEWAY_RESPONSES.invalidToken };
    if ((card.kind === 'ach') !== Boolean(request.details.accttype))
      return { ok: false, refusal: INVALID_ACCOUNT_TYPE };
    let profileid = request.profile;
    if (profileid) {
      if (!/^\d{20}$/.test(profileid)) return { ok: false, invalid: 'profile must be a 20-digit profile id' };
      if (!(await this.profiles.profileExists(merchid, profileid))) {
        return { ok: false, refusal: GATEWAY_RESPONSES.profileNotFound };
      }
    } else {
      profileid = await this.profiles.createProfile(merchid, now);
    }
    const account = await this.profiles.addAccount(
      profileid,
      { ...request.details, token, expiry: request.details.expiry ?? card.expiry },
      request.defaultacct,
      now,
    );
    return { ok: true, account };
  }

  async deleteProfileAccount(merchid: string, profileid: string, acctid: string): Promise<ResponseCode> {
    if (merchid !== this.config.merchantId) return GATEWAY_RESPONSES.invalidMerchant;
    const deleted =
      /^\d{1,3}$/.test(acctid) && (await this.profiles.deleteAccount(profileid, Number(acctid)));
    return deleted ? GATEWAY_RESPONSES.profileDeleted : GATEWAY_RESPONSES.profileNotFound;
  }
}
