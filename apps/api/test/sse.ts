import type { FastifyInstance } from 'fastify';
import { bearer } from './helper';

// A Server-Sent Events client for tests: a real connection to a listening app (inject cannot stream),
// read as a browser's EventSource would parse it.

export type SseEvent = { id: string | undefined; event: string; data: unknown };

export type SseStream = {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  // Resolves with the next event (after those already taken) that matches, or rejects after `timeoutMs` (long:
  // delivery waits for every older write transaction on the PostgreSQL server, and test files run side by side).
  next: (match?: (event: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  // Resolves when the server ends the stream.
  ended: Promise<void>;
  close: () => void;
};

export async function listeningUrl(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

export async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`ticket refused: ${response.statusCode} ${response.body}`);
  return response.json<{ data: { ticket: string } }>().data.ticket;
}

export async function openStream(
  baseUrl: string,
  {
    ticket,
    lastEventId,
    query,
    headers = {},
  }: {
    ticket: string;
    lastEventId?: string;
    query?: Record<string, string>;
    headers?: Record<string, string>;
  },
): Promise<SseStream> {
  const url = new URL('/api/events', baseUrl);
  url.searchParams.set('ticket', ticket);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
      ...headers,
    },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };

  let isEnded = false;
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const body = response.body;
  if (response.status !== 200 || !body) {
    isEnded = true;
    endedResolve();
  } else {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of body) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let split: number;
          while ((split = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            let id: string | undefined;
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length > 0) events.push({ id, event, data: JSON.parse(data.join('\n')) as unknown });
          }
          wake();
        }
      } catch {
        // aborted by close()
      } finally {
        isEnded = true;
        endedResolve();
        wake();
      }
    })();
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended,
    close: () => controller.abort(),
    next(match = () => true, timeoutMs = 15_000) {
      return new Promise<SseEvent>((resolve, reject) => {
        const look = () => {
          while (taken < events.length) {
            const event = events[taken++]!;
            if (match(event)) {
              finish();
              resolve(event);
              return;
            }
          }
          if (isEnded) {
            finish();
            reject(new Error('the stream ended before the event came'));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(
            new Error(
              `no matching event within ${timeoutMs} ms; had: ${JSON.stringify(events.map((event) => event.event))}`,
            ),
          );
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(look);
        };
        waiters.add(look);
        look();
      });
    },
  };
}
