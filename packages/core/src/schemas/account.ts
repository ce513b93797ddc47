import { z } from 'zod';

/** Customer accounts (SPEC §5, §7): the forms' checks and the routes' checks are these, in this order. */
const BODY_MUST_BE_OBJECT = { error: 'The request body must be a JSON object' };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** SPEC §5's "simple pattern": something, @, something, a dot, something; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL = 'Please enter a valid email address';

/** A required text field whose every failure reads `required` (the spec gives one message per form). */
function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, required);
}

function emailField(required: string) {
  return requiredText(required)
    .max(EMAIL_MAX_LENGTH, 'Email is too long')
    .regex(EMAIL_PATTERN, INVALID_EMAIL);
}

function nameField(required: string) {
  return requiredText(required).max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);
}

/**
 * A new password: length, not composition (OWASP ASVS 5.0). The common-password check needs a list too
 * large for the browser: the server adds it.
 */
export function newPasswordField(required: string) {
  return z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
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

export const updateProfileRequestSchema = z.object(
  {
    userId: userIdField,
    name: nameField(PROFILE_REQUIRED),
    email: emailField(PROFILE_REQUIRED),
  },
  BODY_MUST_BE_OBJECT,
);

/** A saved method as the account screen and the cart show it (SPEC §3). */
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

/** The public profile (SPEC §3's User): never a hash, a token or a gateway profile id. */
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
