import {
  adminLoginResponseSchema,
  authenticatorSetupResponseSchema,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  passkeyAddRequestSchema,
  passkeyOptionsResponseSchema,
  passkeyRemoveRequestSchema,
  passkeyResponseRequestSchema,
  secondFactorCodeRequestSchema,
  staffSecurityResponseSchema,
} from '@store/core';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { adminRoutes, requireRecentSecondFactor, secondFactorRequired } from '../../http/admin-route';
import { pendingSignInCookie } from '../../http/admin-session';
import { answers } from '../../http/contract';
import {
  ADMIN_SESSION_TTL_MS,
  completeSecondFactorSignIn,
  passkeySignIn,
  passkeyStepUp,
  stepUp,
} from '../../services/accounts/admin-auth';
import { digestOfSecret } from '../../services/accounts/secret-digest';
import {
  addPasskey,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  passkeyStepUpOptions,
  removePasskeyOf,
} from '../../services/accounts/passkeys';
import {
  beginAuthenticatorSetup,
  confirmAuthenticator,
  removeAuthenticatorOf,
  renewRecoveryCodes,
  securityOf,
} from '../../services/accounts/second-factor';
import { markSecondFactor } from '../../db/session-store';
import type { AdminRouteDependencies } from './dependencies';

/**
 * A person's own second factor (decision 059): the sign-in's second step, adding and removing an
 * authenticator app, recovery codes, and proving the factor again before moving money (step-up).
 */
export function registerAccountSecurityRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  const { orm } = deps;
  const { api, cookie, signedInAdmin, admin } = adminRoutes(app, deps);
  const pendingCookie = pendingSignInCookie(deps.secureCookies);
  const person = (identity: { adminId: string; username: string }) => ({
    adminId: identity.adminId,
    username: identity.username,
  });

  api.post(
    '/api/admin/login/second-factor',
    {
      schema: {
        tags: ['Admin console'],
        summary: 'Sign in, second step: the authenticator code (or a recovery code); sets the session cookie',
        body: secondFactorCodeRequestSchema,
        response: answers(adminLoginResponseSchema),
      },
    },
    async (request, reply) => {
      const session = await completeSecondFactorSignIn(orm, {
        pendingToken: pendingCookie.read(request),
        code: request.body.code,
        clientAddress: request.clientAddress,
        idleMs: deps.adminIdleMs,
      });
      pendingCookie.clear(reply);
      cookie.set(reply, session.token, ADMIN_SESSION_TTL_MS);
      return { status: 'success' as const, message: 'Login successful', username: session.username };
    },
  );

  api.get(
    '/api/admin/account/security',
    admin('Your account: your second factor, and whether you must have one to move money', {
      response: staffSecurityResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      return {
        status: 'success',
        security: await securityOf(orm, identity.adminId),
        secondFactorRequired: secondFactorRequired(deps.secondFactor.policy, identity.role),
      };
    },
  );

  api.post(
    '/api/admin/account/authenticator',
    admin('Start adding an authenticator app: the key, and the otpauth URI for its QR code', {
      response: authenticatorSetupResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      return { status: 'success', ...(await beginAuthenticatorSetup(orm, person(identity))) };
    },
  );

  api.post(
    '/api/admin/account/authenticator/confirm',
    admin('Finish adding the authenticator app with its first code: answers ten recovery codes, once', {
      body: secondFactorCodeRequestSchema,
      response: recoveryCodesResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      const recoveryCodes = await confirmAuthenticator(orm, person(identity), request.body.code);
      // The person has just proved the factor in this session.
      await markSecondFactor(orm, digestOfSecret(cookie.read(request)!), new Date());
      return {
        status: 'success',
        message: 'Your authenticator app is set up. Keep these recovery codes somewhere safe.',
        recoveryCodes,
      };
    },
  );

  api.post(
    '/api/admin/account/authenticator/remove',
    admin('Remove your authenticator app (a code first); its recovery codes go with it', {
      body: secondFactorCodeRequestSchema,
      response: messageResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      await removeAuthenticatorOf(orm, person(identity), request.body.code);
      return { status: 'success', message: 'Your authenticator app was removed' };
    },
  );

  api.post(
    '/api/admin/account/recovery-codes',
    admin('Ten new recovery codes (a code first); the old ones stop working', {
      body: secondFactorCodeRequestSchema,
      response: recoveryCodesResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      return {
        status: 'success',
        message: 'New recovery codes: the old ones no longer work.',
        recoveryCodes: await renewRecoveryCodes(orm, person(identity), request.body.code),
      };
    },
  );

  api.post(
    '/api/admin/step-up',
    admin('Confirm it is you before moving money: the authenticator code again', {
      body: secondFactorCodeRequestSchema,
      response: messageResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      await stepUp(orm, {
        token: cookie.read(request)!,
        admin: identity,
        code: request.body.code,
        clientAddress: request.clientAddress,
      });
      return { status: 'success', message: 'Confirmed' };
    },
  );

  const rp = { publicUrl: deps.publicUrl ?? '' };

  api.post(
    '/api/admin/account/passkeys/options',
    admin('Start adding a passkey: the options for the browser', { response: passkeyOptionsResponseSchema }),
    async (request) => {
      const identity = await signedInAdmin(request);
      return { status: 'success', options: await passkeyRegistrationOptions(orm, rp, person(identity)) };
    },
  );

  api.post(
    '/api/admin/account/passkeys',
    admin("Add a passkey: the browser's answer to the options, and the name the person gives it", {
      body: passkeyAddRequestSchema,
      response: messageResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      await addPasskey(
        orm,
        rp,
        person(identity),
        request.body.response as unknown as RegistrationResponseJSON,
        { name: request.body.name },
      );
      // Verified on the person's device just now.
      await markSecondFactor(orm, digestOfSecret(cookie.read(request)!), new Date());
      return { status: 'success', message: 'Your passkey is added' };
    },
  );

  api.post(
    '/api/admin/account/passkeys/remove',
    admin('Remove one of your passkeys (your second factor proved in the last 15 minutes)', {
      body: passkeyRemoveRequestSchema,
      response: messageResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      // Removing a factor needs it proved within the step-up window, as money does.
      requireRecentSecondFactor(identity, deps.secondFactor.stepUpMs);
      await removePasskeyOf(orm, person(identity), request.body.id);
      return { status: 'success', message: 'The passkey was removed' };
    },
  );

  api.post(
    '/api/admin/passkey/options',
    {
      schema: {
        tags: ['Admin console'],
        summary: 'Sign in with a passkey: the options for the browser',
        response: answers(passkeyOptionsResponseSchema),
      },
    },
    async () => ({ status: 'success' as const, options: await passkeySignInOptions(orm, rp) }),
  );

  api.post(
    '/api/admin/passkey/sign-in',
    {
      schema: {
        tags: ['Admin console'],
        summary: "Sign in with a passkey: the browser's answer; sets the session cookie",
        body: passkeyResponseRequestSchema,
        response: answers(adminLoginResponseSchema),
      },
    },
    async (request, reply) => {
      const session = await passkeySignIn(orm, rp, {
        response: request.body.response as unknown as AuthenticationResponseJSON,
        clientAddress: request.clientAddress,
        idleMs: deps.adminIdleMs,
      });
      cookie.set(reply, session.token, ADMIN_SESSION_TTL_MS);
      return { status: 'success' as const, message: 'Login successful', username: session.username };
    },
  );

  api.post(
    '/api/admin/step-up/passkey/options',
    admin('Confirm it is you with a passkey: the options for the browser', {
      response: passkeyOptionsResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      return { status: 'success', options: await passkeyStepUpOptions(orm, rp, person(identity)) };
    },
  );

  api.post(
    '/api/admin/step-up/passkey',
    admin("Confirm it is you with a passkey: the browser's answer", {
      body: passkeyResponseRequestSchema,
      response: messageResponseSchema,
    }),
    async (request) => {
      const identity = await signedInAdmin(request);
      await passkeyStepUp(orm, rp, {
        token: cookie.read(request)!,
        admin: identity,
        response: request.body.response as unknown as AuthenticationResponseJSON,
      });
      return { status: 'success', message: 'Confirmed' };
    },
  );
}
