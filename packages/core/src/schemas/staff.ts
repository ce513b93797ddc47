import { z } from 'zod';
import { STAFF_ROLES } from '../staff-roles';
import { emailAddressField, NAME_MAX_LENGTH } from './account';
import { hasHiddenCharacterForName, NAME_HIDDEN_CHARACTER } from './hidden-characters';

/**
 * The console's Staff tab (decision 056): the people who may sign in, what each may do, and the one-time
 * links new people set their password with.
 */

const success = z.literal('success');

/** The shortest staff password (PCI DSS 4.0.1 8.3.6). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
/** A console session ends after this many idle minutes unless ADMIN_IDLE_MINUTES says fewer (PCI DSS 8.2.8). */
export const STAFF_IDLE_MINUTES = 15;
/** How long before the end the console warns that an idle session is about to end. */
export const STAFF_IDLE_WARNING_SECONDS = 60;
/** How long a set-up link works, from when the owner made it. */
export const STAFF_SETUP_LINK_HOURS = 48;

export const STAFF_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  roleRequired: 'Choose a role',
  emailTaken: 'A staff member already signs in with this email',
  passwordTooShort: `The password must have at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
  passwordsDiffer: 'The passwords do not match',
  setupLinkGone: 'This set-up link has expired or was already used. Ask the store’s owner for a new one.',
  lastOwner: 'The store’s only owner stays an enabled owner: make another person an owner first',
  notYourself: 'You cannot disable your own account',
  noSuchPerson: 'There is no such staff member',
} as const;

/** Where a person stands: invited (set-up link not used yet), active, or disabled (with why). */
export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffMemberSchema = z.object({
  /** What they sign in with: their email for people added in the console. */
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  /** For a disabled person, why and when, as the console shows it ("Unused for 90 days"). */
  disabledReason: z.string().nullable(),
  /** ISO 8601; null until their first sign-in. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  /** For an invited person, until when their set-up link works (ISO 8601). */
  setupExpiresAt: z.string().nullable(),
  /** Set while too many failed sign-ins keep the account locked (ISO 8601). */
  lockedUntil: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListResponseSchema = z.object({
  status: success,
  staff: z.array(staffMemberSchema),
});
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

const staffName = z
  .string({ error: STAFF_MESSAGES.nameRequired })
  .trim()
  .min(1, STAFF_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
  .refine((name) => !hasHiddenCharacterForName(name), NAME_HIDDEN_CHARACTER);

export const addStaffRequestSchema = z.object({
  name: staffName,
  email: emailAddressField(STAFF_MESSAGES.emailRequired),
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }),
});
export type AddStaffRequest = z.infer<typeof addStaffRequestSchema>;

/** A new person, or a new link for one: the link is shown once (and emailed when mail is set up). */
export const staffSetupLinkResponseSchema = z.object({
  status: success,
  message: z.string(),
  member: staffMemberSchema,
  setupLink: z.string(),
  setupExpiresAt: z.string(),
  /** Whether the link was also queued to the person's email. */
  emailed: z.boolean(),
});
export type StaffSetupLinkResponse = z.infer<typeof staffSetupLinkResponseSchema>;

const username = z.string({ error: STAFF_MESSAGES.noSuchPerson }).trim().min(1, STAFF_MESSAGES.noSuchPerson);

export const staffPersonRequestSchema = z.object({ username });
export type StaffPersonRequest = z.infer<typeof staffPersonRequestSchema>;

export const staffRoleRequestSchema = z.object({
  username,
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.roleRequired }),
});
export type StaffRoleRequest = z.infer<typeof staffRoleRequestSchema>;

export const staffMemberResponseSchema = z.object({
  status: success,
  message: z.string(),
  member: staffMemberSchema,
});
export type StaffMemberResponse = z.infer<typeof staffMemberResponseSchema>;

/** The set-up page: what the link is for, before the person chooses a password. */
export const staffSetupCheckRequestSchema = z.object({
  token: z.string({ error: STAFF_MESSAGES.setupLinkGone }).min(1, STAFF_MESSAGES.setupLinkGone).max(200),
});
export const staffSetupCheckResponseSchema = z.object({
  status: success,
  name: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffSetupCheckResponse = z.infer<typeof staffSetupCheckResponseSchema>;

export const staffSetupRequestSchema = staffSetupCheckRequestSchema.extend({
  password: z
    .string({ error: STAFF_MESSAGES.passwordTooShort })
    .min(STAFF_PASSWORD_MIN_LENGTH, STAFF_MESSAGES.passwordTooShort)
    .max(200, 'The password must have at most 200 characters'),
});
export type StaffSetupRequest = z.infer<typeof staffSetupRequestSchema>;

/** Who must have a second factor before moving money (STAFF_SECOND_FACTOR, decision 059). */
export const STAFF_SECOND_FACTOR_POLICIES = ['owners-and-managers', 'everyone', 'off'] as const;
export type StaffSecondFactorPolicy = (typeof STAFF_SECOND_FACTOR_POLICIES)[number];
/**
 * A money action this long after the session last proved its second factor asks for it again, unless
 * ADMIN_STEP_UP_MINUTES says fewer.
 */
export const STAFF_STEP_UP_MINUTES = 15;
/**
 * Who must prove a second factor before moving money (STAFF_SECOND_FACTOR), and how long a proof lasts
 * before a money action asks for it again (ADMIN_STEP_UP_MINUTES).
 */
export interface SecondFactorRule {
  policy: StaffSecondFactorPolicy;
  stepUpMs: number;
}

export const STAFF_FACTOR_MESSAGES = {
  codeRequired: 'Type the code from your authenticator app',
  wrongCode:
    'That code is not right. Type the six digits your authenticator app shows now, or a recovery code.',
  alreadySetUp: 'An authenticator app is already set up: remove it first',
  notStarted: 'Start adding the authenticator app again',
  required: 'Set up an authenticator app in Your account before moving money',
  stepUp: 'Confirm it is you: type the code from your authenticator app',
  noPendingSignIn: 'Sign in again: the code was asked for more than 5 minutes ago',
} as const;

export const staffSecuritySchema = z.object({
  /** The authenticator app, once its first code proved it (ISO 8601). */
  authenticator: z.object({ addedAt: z.string() }).nullable(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(
    z.object({ id: z.string(), label: z.string(), addedAt: z.string(), lastUsedAt: z.string().nullable() }),
  ),
});
export type StaffSecurity = z.infer<typeof staffSecuritySchema>;

export const staffSecurityResponseSchema = z.object({
  status: success,
  security: staffSecuritySchema,
  /** Whether this person must have a second factor before moving money. */
  secondFactorRequired: z.boolean(),
});
export type StaffSecurityResponse = z.infer<typeof staffSecurityResponseSchema>;

export const secondFactorCodeRequestSchema = z.object({
  code: z
    .string({ error: STAFF_FACTOR_MESSAGES.codeRequired })
    .trim()
    .min(1, STAFF_FACTOR_MESSAGES.codeRequired)
    .max(40, STAFF_FACTOR_MESSAGES.wrongCode),
});
export type SecondFactorCodeRequest = z.infer<typeof secondFactorCodeRequestSchema>;

/** Adding an authenticator app: the key to type, and the otpauth URI a QR code holds. */
export const authenticatorSetupResponseSchema = z.object({
  status: success,
  secret: z.string(),
  uri: z.string(),
});
export type AuthenticatorSetupResponse = z.infer<typeof authenticatorSetupResponseSchema>;

/** Ten one-time recovery codes, shown once. */
export const recoveryCodesResponseSchema = z.object({
  status: success,
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** The longest name a person gives a passkey ("Work laptop", "Blue security key"). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const PASSKEY_MESSAGES = {
  notAdded: 'The passkey could not be added. Try again.',
  alreadyAdded: 'This passkey is already added',
  notRecognised: 'That passkey was not recognised. Try again, or sign in with your password.',
  none: 'You have no passkey: confirm with your authenticator app',
  notFound: 'There is no such passkey',
  nameRequired: 'Name the passkey',
  nameTooLong: `The name must have at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
} as const;

export type Passkey = StaffSecurity['passkeys'][number];

/** What the browser's WebAuthn call answered (as `@simplewebauthn/browser` gives it), passed on as is. */
export const passkeyResponseRequestSchema = z.object({
  response: z.looseObject({
    id: z.string().max(1500),
    rawId: z.string().max(1500),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().max(5000) }),
  }),
});

/** The name a person gives a passkey, to tell it from their others in Your account. */
export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_MESSAGES.nameTooLong)
  .refine((name) => !hasHiddenCharacterForName(name), NAME_HIDDEN_CHARACTER);

/** Adding a passkey: the browser's answer, and its name (without one, "Passkey" or "Security key"). */
export const passkeyAddRequestSchema = passkeyResponseRequestSchema.extend({
  name: passkeyNameSchema.optional(),
});

/** The options for the browser's WebAuthn call (`startRegistration` / `startAuthentication`). */
export const passkeyOptionsResponseSchema = z.object({
  status: success,
  options: z.looseObject({ challenge: z.string() }),
});

export const passkeyRemoveRequestSchema = z.object({
  id: z.string().uuid(PASSKEY_MESSAGES.notFound),
});
