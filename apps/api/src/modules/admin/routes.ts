import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminAuthResultSchema,
  AdminLoginInputSchema,
  AdminUserSchema,
} from '@marketplace/shared/schemas/admin';
import { SignInLinkInputSchema } from '@marketplace/shared/schemas/accounts';
import { envelopeSchema, listEnvelopeSchema, PageQuerySchema } from '@marketplace/shared/schemas/api';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { envelopeJson, sendJson } from '../../lib/json-reply';
import { currentAdmin, requireAdmin } from '../../plugins/auth';
import { endAdminSessions, listUsersForAdmin, loginAdmin, loginAdminWithLink } from './service';

// Written by PostgreSQL and sent as text (decision 084); checked against this schema under strict replies.
const UsersReplySchema = listEnvelopeSchema(AdminUserSchema);

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/login',
    {
      schema: {
        tags: ['admin'],
        body: AdminLoginInputSchema,
        response: { 200: envelopeSchema(AdminAuthResultSchema) },
      },
    },
    async (request, reply) => {
      const { session, deviceCookie } = await loginAdmin({
        db: app.db,
        config: app.config,
        input: request.body,
        clientAddress: request.ip,
        device: { cookieHeader: request.headers.cookie, secure: request.protocol === 'https' },
        sendMail: (mail) => app.sendMailInBackground(mail, request.log),
      });
      reply.header('set-cookie', deviceCookie);
      return ok(session, 'ADMIN_LOGIN_SUCCESS');
    },
  );

  app.post(
    '/admin/login-link',
    {
      schema: {
        tags: ['admin'],
        body: SignInLinkInputSchema,
        response: { 200: envelopeSchema(AdminAuthResultSchema) },
      },
    },
    async (request) =>
      ok(
        await loginAdminWithLink({ db: app.db, config: app.config, token: request.body.token }),
        'ADMIN_LOGIN_SUCCESS',
      ),
  );

  app.post(
    '/admin/logout',
    {
      onRequest: requireAdmin,
      schema: { tags: ['admin'], security: [{ admin: [] }], response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await endAdminSessions({ db: app.db, adminId: currentAdmin(request).id });
      return ok(null, 'LOGGED_OUT');
    },
  );

  app.get(
    '/admin/users',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ admin: [] }],
        querystring: PageQuerySchema,
        response: { 200: UsersReplySchema },
      },
    },
    async (request, reply) => {
      const { data, meta } = await listUsersForAdmin({ db: app.db, page: request.query });
      return sendJson(
        reply,
        UsersReplySchema,
        envelopeJson('USERS_FETCHED', data, JSON.stringify(meta)),
        'GET /admin/users',
      );
    },
  );
};
