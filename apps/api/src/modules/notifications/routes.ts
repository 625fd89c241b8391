import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotificationSchema } from '@marketplace/shared/schemas/accounts';
import {
  envelopeSchema,
  IdParamsSchema,
  listEnvelopeSchema,
  PageQuerySchema,
} from '@marketplace/shared/schemas/api';
import { ok, okList } from '../../lib/envelope';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import {
  listAdminNotifications,
  listUserNotifications,
  markAdminNotificationRead,
  markAllAdminNotificationsRead,
  markAllUserNotificationsRead,
  markUserNotificationRead,
} from './service';

const user = { tags: ['notifications'], security: [{ user: [] }] };
const admin = { tags: ['admin'], security: [{ admin: [] }] };

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/notify/notifications',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(NotificationSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listUserNotifications({
        db,
        userId: currentUser(request).id,
        page: request.query,
      });
      return okList(items, meta);
    },
  );

  // Registered before /:id/mark-read so that "mark-read" is never read as an id.
  app.patch(
    '/notify/notifications/mark-read',
    { onRequest: requireUser, schema: { ...user, response: { 200: envelopeSchema(z.null()) } } },
    async (request) => {
      await markAllUserNotificationsRead({ db, userId: currentUser(request).id });
      return ok(null, 'NOTIFICATIONS_MARKED_READ');
    },
  );

  app.patch(
    '/notify/notifications/:id/mark-read',
    {
      onRequest: requireUser,
      schema: { ...user, params: IdParamsSchema, response: { 200: envelopeSchema(NotificationSchema) } },
    },
    async (request) =>
      ok(
        await markUserNotificationRead({ db, userId: currentUser(request).id, id: request.params.id }),
        'NOTIFICATION_MARKED_READ',
      ),
  );

  app.get(
    '/notifyAdmin/notifications',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(NotificationSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await listAdminNotifications({ db, page: request.query });
      return okList(items, meta);
    },
  );

  app.patch(
    '/notifyAdmin/notifications/mark-all-read',
    {
      onRequest: requireAdmin,
      schema: {
        ...admin,
        body: z.object({}).passthrough().optional(),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async () => {
      await markAllAdminNotificationsRead({ db });
      return ok(null, 'NOTIFICATIONS_MARKED_READ');
    },
  );

  app.patch(
    '/notifyAdmin/notifications/:id/mark-read',
    {
      onRequest: requireAdmin,
      schema: { ...admin, params: IdParamsSchema, response: { 200: envelopeSchema(NotificationSchema) } },
    },
    async (request) =>
      ok(await markAdminNotificationRead({ db, id: request.params.id }), 'NOTIFICATION_MARKED_READ'),
  );
};
