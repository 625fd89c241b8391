import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  IdParamsSchema,
  listEnvelopeSchema,
  PageQuerySchema,
} from '@marketplace/shared/schemas/api';
import {
  ConversationReportInputSchema,
  ConversationSchema,
  ConversationSummarySchema,
  MessageInputSchema,
  MessageSchema,
  OpenConversationSchema,
  ReportedConversationSchema,
  UnreadMessagesSchema,
} from '@marketplace/shared/schemas/messages';
import { withinQuota } from '../../lib/attempt-limiter';
import { ok, okList } from '../../lib/envelope';
import { currentUser, requireAdmin, requireUser, requireUserOrAdmin } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/security';
import type { Reader } from './access';
import { blockOther, listReportedConversations, reportConversation, unblockOther } from './blocks-reports';
import { getConversation, listConversations, openConversationFromListing } from './conversations';
import { listMessages, markConversationRead, sendMessage, unreadMessages } from './thread';

const user = { tags: ['messages'], security: [{ user: [] }] };
const userOrAdmin = {
  tags: ['messages'],
  security: [{ user: [] }, { admin: [] }] as Record<string, string[]>[],
};
const NoData = envelopeSchema(z.null());

// Messages between buyer and seller (issue 14, decision 024).
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // A participant reads with their user token; an admin with theirs, and only a reported conversation.
  const readerOf = (request: { user: { id: string } | null }): Reader =>
    request.user ? { userId: request.user.id } : { admin: true };

  // 'Message seller': opens the conversation about this listing, or finds the one the user has.
  app.post(
    '/products/:id/conversation',
    {
      onRequest: requireUser,
      schema: { ...user, params: IdParamsSchema, response: { 200: envelopeSchema(OpenConversationSchema) } },
    },
    async (request) =>
      ok(
        {
          id: await openConversationFromListing({
            db,
            productId: request.params.id,
            userId: currentUser(request).id,
          }),
        },
        'CONVERSATION_OPENED',
      ),
  );

  app.get(
    '/conversations',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(ConversationSummarySchema) },
      },
    },
    async (request) => {
      const { data, meta } = await listConversations({
        db,
        userId: currentUser(request).id,
        page: request.query,
      });
      return okList(data, meta, 'CONVERSATIONS_FETCHED');
    },
  );

  // Registered before /conversations/:id so that "unread" is never read as an id.
  app.get(
    '/conversations/unread',
    { onRequest: requireUser, schema: { ...user, response: { 200: envelopeSchema(UnreadMessagesSchema) } } },
    async (request) => ok({ unread: await unreadMessages({ db, userId: currentUser(request).id }) }, 'OK'),
  );

  app.get(
    '/conversations/:id',
    {
      onRequest: requireUserOrAdmin,
      schema: {
        ...userOrAdmin,
        params: IdParamsSchema,
        response: { 200: envelopeSchema(ConversationSchema) },
      },
    },
    async (request) =>
      ok(
        await getConversation({ db, id: request.params.id, reader: readerOf(request) }),
        'CONVERSATION_FETCHED',
      ),
  );

  app.get(
    '/conversations/:id/messages',
    {
      onRequest: requireUserOrAdmin,
      schema: {
        ...userOrAdmin,
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(MessageSchema) },
      },
    },
    async (request) => {
      const { data, meta } = await listMessages({
        db,
        id: request.params.id,
        reader: readerOf(request),
        page: request.query,
      });
      return okList(data, meta, 'MESSAGES_FETCHED');
    },
  );

  // Per user, counted in the database across processes, like new listings (decision 016); a refused
  // message does not count.
  app.post(
    '/conversations/:id/messages',
    {
      onRequest: requireUser,
      schema: {
        ...user,
        params: IdParamsSchema,
        body: MessageInputSchema,
        response: { 201: envelopeSchema(MessageSchema) },
      },
    },
    async (request, reply) => {
      const sender = currentUser(request);
      const { message } = await withinQuota(
        db,
        `quota:messages:${sender.id}`,
        app.config.userLimits.messages,
        'MESSAGE_LIMIT',
        () =>
          sendMessage({
            db,
            id: request.params.id,
            senderId: sender.id,
            senderName: sender.username,
            text: request.body.text,
          }),
      );
      return reply.status(201).send(ok(message, 'MESSAGE_SENT'));
    },
  );

  app.post(
    '/conversations/:id/read',
    { onRequest: requireUser, schema: { ...user, params: IdParamsSchema, response: { 200: NoData } } },
    async (request) => {
      await markConversationRead({ db, id: request.params.id, userId: currentUser(request).id });
      return ok(null, 'MESSAGES_MARKED_READ');
    },
  );

  app.post(
    '/conversations/:id/block',
    { onRequest: requireUser, schema: { ...user, params: IdParamsSchema, response: { 200: NoData } } },
    async (request) => {
      await blockOther({ db, id: request.params.id, userId: currentUser(request).id });
      return ok(null, 'USER_BLOCKED');
    },
  );

  app.delete(
    '/conversations/:id/block',
    { onRequest: requireUser, schema: { ...user, params: IdParamsSchema, response: { 200: NoData } } },
    async (request) => {
      await unblockOther({ db, id: request.params.id, userId: currentUser(request).id });
      return ok(null, 'USER_UNBLOCKED');
    },
  );

  app.post(
    '/conversations/:id/reports',
    {
      onRequest: requireUser,
      config: { rateLimit: rateLimitFor(app.config.rateLimits.listingReports) },
      schema: {
        ...user,
        params: IdParamsSchema,
        body: ConversationReportInputSchema,
        response: { 201: NoData },
      },
    },
    async (request, reply) => {
      const reporter = currentUser(request);
      await reportConversation({
        db,
        id: request.params.id,
        reporter: { id: reporter.id, username: reporter.username },
        note: request.body.note,
      });
      return reply.status(201).send(ok(null, 'CONVERSATION_REPORT_SENT'));
    },
  );

  app.get(
    '/admin/conversations',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ admin: [] }],
        querystring: PageQuerySchema,
        response: { 200: listEnvelopeSchema(ReportedConversationSchema) },
      },
    },
    async (request) => {
      const { data, meta } = await listReportedConversations({ db, page: request.query });
      return okList(data, meta, 'CONVERSATIONS_FETCHED');
    },
  );
};
