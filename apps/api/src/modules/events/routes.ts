import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ErrorBodySchema } from '@marketplace/shared/schemas/api';
import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import { EventTicketSchema, type ReadyEvent } from '@marketplace/shared/schemas/events';
import { ok } from '../../lib/envelope';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors';
import { signToken, verifyToken } from '../../lib/tokens';
import { adminForClaims, bearerClaims, requireUserOrAdmin, userForClaims } from '../../plugins/auth';
import { rateLimitFor } from '../../plugins/security';
import { audienceOf, type Reader, type StreamSink } from './hub';
import { positionOf, readEventsAfter, type Position, type StoredEvent } from './service';

// The live event stream (decision 023). EventSource cannot send an Authorization header, so the page
// first asks for a ticket with its bearer token, then opens GET /api/events?ticket=... The stream sends
// `id: <event id>`, `event: <type>`, `data: <JSON>`; a client that reconnects with Last-Event-ID (or
// ?lastEventId=) first gets what it missed.

const REPLAY_BATCH = 500;
// A client that reads slower than its events arrive (more than this many bytes waiting) is cut off; it
// reconnects and resumes from its last event.
const MAX_BUFFERED_BYTES = 256 * 1024;

const StreamQuery = z.object({
  ticket: z.string().max(2000).optional(),
  lastEventId: z.string().max(40).optional(),
});

const unavailable = () => new AppError(503, 'LIVE_EVENTS_UNAVAILABLE');
const badTicket = () => unauthorized('EVENT_TICKET_INVALID');

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const hub = app.eventHub;
  const rateLimit = rateLimitFor(config.rateLimits.liveEvents);

  app.post(
    '/events/ticket',
    {
      onRequest: requireUserOrAdmin,
      config: { rateLimit },
      schema: {
        tags: ['events'],
        security: [{ user: [] }, { admin: [] }],
        response: { 200: envelopeSchema(EventTicketSchema) },
      },
    },
    async (request) => {
      if (!config.events.enabled) throw unavailable();
      const kind = request.user ? 'user' : 'admin';
      const claims = await bearerClaims(app, request, kind);
      if (!claims) throw unauthorized();
      const ticket = await signToken(
        config.jwtSecret,
        {
          subject: claims.subject,
          audience: kind === 'user' ? 'events-user' : 'events-admin',
          version: claims.version,
        },
        config.events.ticketSeconds,
      );
      return ok({ ticket, expiresInSeconds: config.events.ticketSeconds });
    },
  );

  // The reader a ticket names, if its account still exists and its session was not ended since.
  async function readerOf(ticket: string): Promise<Reader | null> {
    const userClaims = await verifyToken(config.jwtSecret, ticket, 'events-user');
    if (userClaims) {
      const user = await userForClaims(app, userClaims);
      return user ? { kind: 'user', id: user.id } : null;
    }
    const adminClaims = await verifyToken(config.jwtSecret, ticket, 'events-admin');
    if (adminClaims) {
      const admin = await adminForClaims(app, adminClaims);
      return admin ? { kind: 'admin', id: admin.id } : null;
    }
    return null;
  }

  app.get(
    '/events',
    {
      config: { rateLimit },
      schema: {
        tags: ['events'],
        description:
          'Server-Sent Events (text/event-stream) for the reader a ticket from POST /api/events/ticket names. Each event: `id:` (send it back as Last-Event-ID or lastEventId to resume), `event:` (its type), `data:` (JSON). The first event is `ready`.',
        querystring: StreamQuery,
        response: { 401: ErrorBodySchema, 429: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      if (!config.events.enabled || app.lifecycle.draining) throw unavailable();
      const reader = request.query.ticket ? await readerOf(request.query.ticket) : null;
      if (!reader) throw badTicket();
      if (hub.streamsOf(reader) >= config.events.maxStreamsPerReader) throw tooManyRequests();
      try {
        await hub.start();
      } catch (error) {
        request.log.error({ err: error }, 'live events: cannot listen for events');
        throw unavailable();
      }
      const header = request.headers['last-event-id'];
      const lastEventId = (Array.isArray(header) ? header[0] : header) ?? request.query.lastEventId;

      const res = reply.raw;
      let open = true;
      // Nothing is written before the stream's head: a heartbeat that comes while the missed events are read
      // waits for the next one (written early, it sent a plain head, and the stream's head then failed).
      let started = false;
      let clientGone = false;
      const end = () => {
        if (!open) return;
        open = false;
        hub.unsubscribe(stream);
        if (started) res.end();
      };
      const write = (text: string) => {
        if (!open || !started) return;
        res.write(text);
        if (res.writableLength > MAX_BUFFERED_BYTES) {
          request.log.info('live events: the client reads too slowly; stream ended');
          end();
        }
      };
      const sink: StreamSink = {
        frame: (event: StoredEvent) =>
          write(`id: ${event.id}\nevent: ${event.type}\ndata: ${event.data}\n\n`),
        comment: (text) => write(`: ${text}\n\n`),
        end,
      };

      // Subscribed first, so that nothing published while the missed events are read is lost: live
      // events wait until the replay is sent, and each stream sends an event at most once, in order.
      const stream = hub.subscribe(reader, sink);
      // The client went away (or the server ended the stream): no more writes, out of the hub.
      res.on('close', () => {
        clientGone = !started;
        open = false;
        hub.unsubscribe(stream);
      });
      const replay: StoredEvent[] = [];
      let from: Position | null = null;
      try {
        from = lastEventId === undefined ? null : await positionOf(db, lastEventId);
        if (from) {
          stream.sent = from;
          let after = from;
          for (;;) {
            const { events, full, heldBack } = await readEventsAfter(db, {
              after,
              audience: audienceOf(reader),
              limit: REPLAY_BATCH,
            });
            replay.push(...events);
            const last = events.at(-1);
            if (!full || heldBack || !last) break;
            after = last;
          }
        }
      } catch (error) {
        hub.unsubscribe(stream);
        request.log.error({ err: error }, 'live events: reading missed events failed');
        throw unavailable();
      }

      if (!open && !clientGone) throw unavailable(); // ended by the server (shutting down) while starting
      reply.hijack();
      if (!open) return;
      started = true;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        // Never stored, never transformed (compressed) on the way, never held back by a proxy's buffer.
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      request.raw.socket?.setNoDelay(true);
      for (const event of replay) hub.send(stream, event);
      const ready: ReadyEvent = { resumed: from !== null };
      write(`id: ${stream.sent.id}\nevent: ${LIVE_EVENT_TYPES.ready}\ndata: ${JSON.stringify(ready)}\n\n`);
      hub.goLive(stream);
    },
  );
};
