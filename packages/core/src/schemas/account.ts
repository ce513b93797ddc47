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
export const EMAIL_MAX_LENGTH = 254;

/** product §5's "simple pattern": something, @, something, a dot, something; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_REQUIRED = 'Email is required';
export const INVALID_EMAIL = 'Please enter a valid email address';

/** A required text field whose every failure reads `required` (the spec gives one message per form). */
function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, required);
}

function emailField(required: string) {
  return requiredText(required)
    .max(EMAIL_MAX_LENGTH, 'Email is too long')
    .refine((email) => !hasHiddenCharacterForEmail(email), EMAIL_HIDDEN_CHARACTER)
    .regex(EMAIL_PATTERN, INVALID_EMAIL);
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
    email: emailField(ALL_REQUIRED),
    password: newPasswordField(ALL_REQUIRED),
  },
  BODY_MUST_BE_OBJECT,
);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

const LOGIN_REQUIRED = 'Email and password are required';

export const customerLoginRequestSchema = z.object(
  {
    email: requiredText(LOGIN_REQUIRED).max(EMAIL_MAX_LENGTH, 'Email is too long'),
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
    email: emailField(PROFILE_REQUIRED),
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
