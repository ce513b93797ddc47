import { z } from 'zod';
import {
  EMAIL_HIDDEN_CHARACTER,
  hasHiddenCharacterForEmail,
  hasHiddenCharacterForName,
  NAME_HIDDEN_CHARACTER,
} from './hidden-characters';
import { guessablePasswordReason } from './password-rules';

export * from './hidden-characters';
export * from './password-rules';

/** Customer accounts (product §5, §7): the forms' checks and the routes' checks are these, in this order. */
const BODY_MUST_BE_OBJECT = { error: 'The request body must be a JSON object' };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** RFC 5321's longest path, less its angle brackets. */
export const EMAIL_MAX_LENGTH = 254;
/** RFC 5321's longest local part (the part before the `@`). */
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

export const EMAIL_REQUIRED = 'Email is required';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const EMAIL_TOO_LONG = 'Email is too long';

/**
 * One mailbox, written as an address and nothing else (decision 045): a dot-atom local part, an `@`, and a
 * host name of two labels or more. Letters and digits of any script are taken (internationalized
 * addresses), with the ASCII symbols RFC 5322 allows in an atom. Nothing that makes an address into a list
 * or a name-and-address (`,` `;` `:` `<` `>` `(` `)` `"` `[` `]` `\`, spaces) can appear, so a mail library
 * or a mail server can read the text only as the one address the console and the emails show. Product §5's
 * "simple pattern" (something, @, something, a dot, something) is this, narrowed. The rule is
 * `emailAddressProblem`, which adds the lengths and the hidden characters: check with it, not with this.
 */
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?';
const EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u');

/**
 * The one rule for an email address the store keeps or sends to (decision 045): an account's (register,
 * profile), an order's contact (checkout, wallet sheets, payment links, and so phone orders, which take the
 * account's) and the outbox's recipient. The first thing wrong with `email`, or undefined when it is one
 * mailbox. Forms trim what was typed and say "required" for a blank one in their own words first; the
 * outbox passes its recipient as kept, so spaces around it are refused too.
 */
export function emailAddressProblem(email: string): string | undefined {
  if (email.length > EMAIL_MAX_LENGTH) return EMAIL_TOO_LONG;
  if (hasHiddenCharacterForEmail(email)) return EMAIL_HIDDEN_CHARACTER;
  const localPartLength = email.lastIndexOf('@');
  if (localPartLength > EMAIL_LOCAL_PART_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return INVALID_EMAIL;
  return undefined;
}

/** The messages of the email rule, for a form to show them under its email field. */
export const EMAIL_MESSAGES: readonly string[] = [
  EMAIL_REQUIRED,
  INVALID_EMAIL,
  EMAIL_TOO_LONG,
  EMAIL_HIDDEN_CHARACTER,
];

/** A required text field whose every failure reads `required` (the spec gives one message per form). */
function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, required);
}

/** A required email: blank reads `required`, anything else the one rule's words. */
export function emailAddressField(required: string) {
  return requiredText(required).superRefine((email, context) => {
    const problem = emailAddressProblem(email);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

function nameField(required: string) {
  return requiredText(required)
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
    .refine((name) => !hasHiddenCharacterForName(name), NAME_HIDDEN_CHARACTER);
}

/**
 * A new password: length, not composition (OWASP ASVS 5.0), and not a shape a guesser tries first
 * (`password-rules.ts`). The common-password check needs a list too large for the browser: the server
 * adds it.
 */
export function newPasswordField(required: string) {
  return z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .superRefine((password, context) => {
      const reason = guessablePasswordReason(password);
      if (reason) context.addIssue({ code: 'custom', message: reason });
    });
}

/** The first thing wrong with a new password by the rules the browser can check too, or undefined. */
export function newPasswordProblem(password: string, required: string): string | undefined {
  const result = newPasswordField(required).safeParse(password);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const ALL_REQUIRED = 'All fields are required';

export const registerRequestSchema = z.object(
  {
    name: nameField(ALL_REQUIRED),
    email: emailAddressField(ALL_REQUIRED),
    password: newPasswordField(ALL_REQUIRED),
  },
  BODY_MUST_BE_OBJECT,
);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

const LOGIN_REQUIRED = 'Email and password are required';

export const customerLoginRequestSchema = z.object(
  {
    email: requiredText(LOGIN_REQUIRED).max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG),
    password: z
      .string({ error: LOGIN_REQUIRED })
      .min(1, LOGIN_REQUIRED)
      .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
  },
  BODY_MUST_BE_OBJECT,
);

const userIdField = z.string({ error: 'User ID is required' }).uuid('User ID is not valid');

export const profileQuerySchema = z.object({ userId: userIdField });

const PROFILE_REQUIRED = 'Name and email are required';
/** Changing the email one signs in with asks for the password again (OWASP ASVS 5.0 V7.5.1). */
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email';

export const updateProfileRequestSchema = z.object(
  {
    userId: userIdField,
    name: nameField(PROFILE_REQUIRED),
    email: emailAddressField(PROFILE_REQUIRED),
    /** Needed only when the email changes (see `isEmailChange`); the server decides. */
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .max(PASSWORD_MAX_LENGTH, 'Password is too long')
      .optional(),
  },
  BODY_MUST_BE_OBJECT,
);
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/**
 * Whether a profile's new email is another address than the saved one. The same address in other capitals
 * is not (emails are unique whatever their case), but only ASCII capitals count as the same: a look-alike
 * such as the Kelvin sign for K is another address, and asks for the password like any other.
 */
export function isEmailChange(savedEmail: string, newEmail: string): boolean {
  const fold = (email: string) => email.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return fold(savedEmail) !== fold(newEmail);
}

/** A saved method as the account screen and the cart show it (product §3). */
export const savedPaymentMethodSchema = z.object({
  id: z.string(),
  paymentType: z.enum(['CC', 'ACH']),
  cardType: z.string(),
  last4: z.string(),
  holderName: z.string(),
  expiryMonth: z.string().optional(),
  expiryYear: z.string().optional(),
  isDefault: z.boolean(),
  bankName: z.string().optional(),
  accountType: z.enum(['CHECKING', 'SAVINGS']).optional(),
  routingNumberLast4: z.string().optional(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;

/** The public profile (product §3's User): never a hash, a token or a gateway profile id. */
export const customerUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  numericId: z.number(),
  paymentMethods: z.array(savedPaymentMethodSchema),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

/** Register, log in, read or change the profile: the customer as the app keeps it. */
export const userResponseSchema = z.object({
  status: z.literal('success'),
  user: customerUserSchema,
  message: z.string().optional(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;
