import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthResultSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  SignInLinkInputSchema,
} from '@marketplace/shared/schemas/accounts';
import { envelopeSchema } from '@marketplace/shared/schemas/api';
import { ok } from '../../lib/envelope';
import { currentUser, requireUser } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/security';
import {
  endUserSessions,
  loginUser,
  loginUserWithLink,
  registerUser,
  requestPasswordReset,
  resetPassword,
} from './service';
import { rememberLanguage } from '../../lib/account-mails';
import { expressedLanguage, requestLanguage } from '../../lib/page-language';

const NoData = envelopeSchema(z.null());

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };

  app.post(
    '/users/register',
    {
      config: { rateLimit: rateLimitFor(app.config.rateLimits.register) },
      schema: {
        tags: ['accounts'],
        body: RegisterInputSchema,
        response: { 201: envelopeSchema(AuthResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await registerUser({ ...deps, input: request.body });
      await rememberLanguage(app.db, result.user.id, expressedLanguage(request));
      return reply.status(201).send(ok(result, 'REGISTERED'));
    },
  );

  app.post(
    '/users/login',
    {
      schema: {
        tags: ['accounts'],
        body: LoginInputSchema,
        response: { 200: envelopeSchema(AuthResultSchema) },
      },
    },
    async (request, reply) => {
      const { session, deviceCookie } = await loginUser({
        ...deps,
        input: request.body,
        clientAddress: request.ip,
        device: { cookieHeader: request.headers.cookie, secure: request.protocol === 'https' },
        sendMail: (mail) => app.sendMailInBackground(mail, request.log),
      });
      await rememberLanguage(app.db, session.user.id, expressedLanguage(request));
      reply.header('set-cookie', deviceCookie);
      return ok(session, 'LOGIN_SUCCESS');
    },
  );

  // The one-time sign-in link mailed to the owner of an account under a password-guessing attack.
  app.post(
    '/users/login-link',
    {
      schema: {
        tags: ['accounts'],
        body: SignInLinkInputSchema,
        response: { 200: envelopeSchema(AuthResultSchema) },
      },
    },
    async (request) => ok(await loginUserWithLink({ ...deps, input: request.body }), 'LOGIN_SUCCESS'),
  );

  app.post(
    '/users/logout',
    {
      onRequest: requireUser,
      schema: { tags: ['accounts'], security: [{ user: [] }], response: { 200: NoData } },
    },
    async (request) => {
      await endUserSessions({ db: app.db, userId: currentUser(request).id });
      return ok(null, 'LOGGED_OUT');
    },
  );

  app.post(
    '/users/forgot-password',
    {
      config: { rateLimit: rateLimitFor(app.config.rateLimits.forgotPassword) },
      schema: { tags: ['accounts'], body: ForgotPasswordInputSchema, response: { 200: NoData } },
    },
    async (request) => {
      const mail = await requestPasswordReset({
        ...deps,
        input: request.body,
        language: requestLanguage(request),
      });
      // Note: the reply does not wait for the mail, so its timing does not tell whether the address exists.
      if (mail) app.sendMailInBackground(mail, request.log);
      return ok(null, 'RESET_LINK_SENT');
    },
  );

  app.post(
    '/users/reset-password',
    { schema: { tags: ['accounts'], body: ResetPasswordInputSchema, response: { 200: NoData } } },
    async (request) => {
      await resetPassword({ db: app.db, input: request.body });
      return ok(null, 'PASSWORD_RESET');
    },
  );
};
