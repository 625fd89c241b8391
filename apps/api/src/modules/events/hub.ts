import type { FastifyBaseLogger } from 'fastify';
import type { Database, Listen } from '../../db/client';
import {
  currentPosition,
  EVENTS_CHANNEL,
  isAfter,
  readEventsAfter,
  START,
  type EventAudience,
  type Position,
  type StoredEvent,
} from './service';

// One per API process (decision 023): one listening connection, one reader of the events table that
// follows the stream in (tx, id) order, and the process's open streams, each given its reader's events.
// Started by the first stream; closed with the app (the streams end, the listening connection closes).

const READ_BATCH = 500;
// Events written but not yet deliverable (an older transaction still runs) are looked for again this soon.
const HELD_BACK_RETRY_MS = 100;
const READ_ERROR_RETRY_MS = 1000;

export type Reader = { kind: 'user'; id: string } | { kind: 'admin'; id: string };

export const audienceOf = (reader: Reader): EventAudience =>
  reader.kind === 'user' ? { userId: reader.id } : { admins: true };
const keyOfAudience = (audience: EventAudience) =>
  'userId' in audience ? `user:${audience.userId}` : 'admins';
const keyOfEvent = (event: StoredEvent) => (event.userId ? `user:${event.userId}` : 'admins');

// What a stream writes: `frame` for an event, `comment` for a heartbeat; `end` closes the connection.
export type StreamSink = {
  frame: (event: StoredEvent) => void;
  comment: (text: string) => void;
  end: () => void;
};

export type HubStream = {
  readonly reader: Reader;
  // The last event this stream sent (or the place it started from).
  sent: Position;
  // Live events that arrive while the stream is replaying what its client missed wait here.
  pending: StoredEvent[] | null;
  openedAt: number;
  sink: StreamSink;
};

export type EventHub = {
  // Listens and finds the current position (once); rejects when the database cannot be listened to.
  start: () => Promise<void>;
  // Adds a stream that starts at the hub's current position, holding live events until `goLive`.
  subscribe: (reader: Reader, sink: StreamSink) => HubStream;
  // Sends an event to one stream (a replayed one) unless it already has it.
  send: (stream: HubStream, event: StoredEvent) => void;
  goLive: (stream: HubStream) => void;
  unsubscribe: (stream: HubStream) => void;
  streamsOf: (reader: Reader) => number;
  count: () => number;
  // Ends every stream and stops listening.
  close: () => Promise<void>;
};

export function createEventHub({
  db,
  listen,
  log,
  heartbeatMs,
  maxStreamMs,
}: {
  db: Database;
  listen: Listen;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  maxStreamMs: number;
}): EventHub {
  const streams = new Map<string, Set<HubStream>>();
  let position: Position = START;
  let ready = false;
  let closed = false;
  let starting: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let reading = false;
  let readAgain = false;

  const send = (stream: HubStream, event: StoredEvent) => {
    if (!isAfter(event, stream.sent)) return;
    stream.sent = { tx: event.tx, id: event.id };
    stream.sink.frame(event);
  };

  const deliver = (event: StoredEvent) => {
    for (const stream of streams.get(keyOfEvent(event)) ?? []) {
      if (stream.pending) stream.pending.push(event);
      else send(stream, event);
    }
  };

  const retryIn = (ms: number) => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void catchUp();
    }, ms);
    retryTimer.unref();
  };

  // Reads every deliverable event after the position and hands each to its reader's streams. One read at
  // a time; a signal during a read asks for another.
  async function catchUp(): Promise<void> {
    if (!ready || closed) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        const { events, heldBack, full } = await readEventsAfter(db, {
          after: position,
          audience: null,
          limit: READ_BATCH,
        });
        for (const event of events) {
          position = { tx: event.tx, id: event.id };
          deliver(event);
        }
        if (heldBack) retryIn(HELD_BACK_RETRY_MS);
        else if (full) readAgain = true;
      } while (readAgain && !closed);
    } catch (error) {
      if (!closed) log.warn({ err: error }, 'live events: reading new events failed; trying again');
      retryIn(READ_ERROR_RETRY_MS);
    } finally {
      reading = false;
    }
  }

  const endStream = (stream: HubStream) => {
    unsubscribe(stream);
    stream.sink.end();
  };

  // Heartbeats keep idle streams open through proxies; streams past their longest life end (the client
  // reconnects with a fresh ticket); and a read catches anything a lost signal did not announce.
  const tick = () => {
    const now = Date.now();
    for (const set of streams.values()) {
      for (const stream of set) {
        if (now - stream.openedAt >= maxStreamMs) endStream(stream);
        else stream.sink.comment('heartbeat');
      }
    }
    void catchUp();
  };

  function unsubscribe(stream: HubStream) {
    const key = keyOfAudience(audienceOf(stream.reader));
    const set = streams.get(key);
    set?.delete(stream);
    if (set?.size === 0) streams.delete(key);
  }

  return {
    start() {
      if (closed) return Promise.reject(new Error('the event hub is closed'));
      starting ??= (async () => {
        // Listening first: whatever commits after the position is read below is announced.
        unlisten = await listen(EVENTS_CHANNEL, {
          onNotify: () => void catchUp(),
          onReconnect: () => {
            log.info('live events: listening again');
            void catchUp();
          },
          onError: (error) => log.warn({ err: error }, 'live events: the listening connection failed'),
        });
        try {
          position = await currentPosition(db);
        } catch (error) {
          await unlisten();
          throw error;
        }
        ready = true;
        heartbeat = setInterval(tick, heartbeatMs);
        heartbeat.unref();
        void catchUp();
      })().catch((error: unknown) => {
        starting = undefined;
        throw error;
      });
      return starting;
    },
    subscribe(reader, sink) {
      const stream: HubStream = { reader, sent: position, pending: [], openedAt: Date.now(), sink };
      const key = keyOfAudience(audienceOf(reader));
      let set = streams.get(key);
      if (!set) streams.set(key, (set = new Set()));
      set.add(stream);
      return stream;
    },
    send,
    goLive(stream) {
      const waiting = stream.pending ?? [];
      stream.pending = null;
      for (const event of waiting) send(stream, event);
    },
    unsubscribe,
    streamsOf(reader) {
      let count = 0;
      for (const stream of streams.get(keyOfAudience(audienceOf(reader))) ?? [])
        if (stream.reader.id === reader.id) count += 1;
      return count;
    },
    count: () => [...streams.values()].reduce((total, set) => total + set.size, 0),
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      for (const set of [...streams.values()]) for (const stream of [...set]) endStream(stream);
      await starting?.catch(() => undefined);
      await unlisten?.();
    },
  };
}
