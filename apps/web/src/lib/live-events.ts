import { LIVE_EVENT_TYPES } from '@marketplace/shared/live-event-types';
import type { EventTicket, ReadyEvent } from '@marketplace/shared/schemas/events';
import { apiRequest } from './api-client';
import { adminSession, userSession } from './session';

// Live events (decision 023): one EventSource per reader (the user's, the admin's) per tab, opened while
// something on the page listens and its session exists. It asks POST /api/events/ticket for a ticket (an
// EventSource cannot send the bearer token), connects to GET /api/events, and when the stream drops,
// reconnects with back-off and a fresh ticket, resuming after the last event it had (?lastEventId=), so
// nothing is lost. While the stream is not open, pages poll (`state` tells them when).

export type LiveAudience = 'user' | 'admin';
// idle: nobody listens, or no session. connecting: the first connection is being made. open: events
// arrive. down: the stream dropped or cannot be opened; reconnecting meanwhile.
export type LiveState = 'idle' | 'connecting' | 'open' | 'down';

// Sent to listeners when the stream came back but could not replay what was missed (it was away too
// long): whatever the page shows should be read again.
export const RESYNC = 'resync';

type Handler = (data: unknown) => void;

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
// The server turned live events off (503): look again much later; polling carries on meanwhile.
const UNAVAILABLE_RETRY_MS = 5 * 60_000;

const sessions = { user: userSession, admin: adminSession } as const;

class LiveConnection {
  private handlers = new Map<string, Set<Handler>>();
  private stateListeners = new Set<() => void>();
  private source: EventSource | null = null;
  private listenedTypes = new Set<string>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  private lastEventId: string | null = null;
  private hasBeenOpen = false;
  // Bumped on every stop and (re)connect, so that a ticket answered after a stop is thrown away.
  private generation = 0;
  private unsubscribeSession: (() => void) | null = null;
  // The session token the stream was opened with: another login in this tab starts a new stream.
  private token: string | null = null;
  state: LiveState = 'idle';

  constructor(private readonly audience: LiveAudience) {}

  on(type: string, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler);
    this.listenTo(type);
    this.update();
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(type);
      this.update();
    };
  }

  onState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    this.update();
    return () => {
      this.stateListeners.delete(listener);
      this.update();
    };
  }

  private get isWanted() {
    return (this.handlers.size > 0 || this.stateListeners.size > 0) && sessions[this.audience].get() !== null;
  }

  // Starts or stops as listeners and the session come and go.
  private update() {
    const hasListeners = this.handlers.size > 0 || this.stateListeners.size > 0;
    if (hasListeners && !this.unsubscribeSession) {
      this.unsubscribeSession = sessions[this.audience].subscribe(() => this.update());
    } else if (!hasListeners && this.unsubscribeSession) {
      this.unsubscribeSession();
      this.unsubscribeSession = null;
    }
    const token = sessions[this.audience].get()?.token ?? null;
    if (this.state !== 'idle' && (!this.isWanted || token !== this.token)) this.stop();
    if (this.isWanted && this.state === 'idle') {
      this.token = token;
      void this.connect();
    }
  }

  private setState(state: LiveState) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener();
  }

  private stop() {
    this.generation += 1;
    clearTimeout(this.retryTimer);
    this.source?.close();
    this.source = null;
    this.attempts = 0;
    this.lastEventId = null;
    this.hasBeenOpen = false;
    this.setState('idle');
  }

  private async connect() {
    const generation = ++this.generation;
    if (this.state === 'idle') this.setState('connecting');
    if (typeof EventSource === 'undefined') {
      this.setState('down');
      return;
    }
    const reply = await apiRequest<EventTicket>('/events/ticket', {
      method: 'POST',
      audience: this.audience,
    });
    if (generation !== this.generation) return;
    if (!reply.ok) {
      // 401: the session ended (the API client has cleared it, which stops this connection).
      if (reply.status === 401) return;
      this.retryLater(reply.status === 503 ? UNAVAILABLE_RETRY_MS : undefined);
      return;
    }
    const url = new URL('/api/events', window.location.origin);
    url.searchParams.set('ticket', reply.data.ticket);
    if (this.lastEventId !== null) url.searchParams.set('lastEventId', this.lastEventId);
    const source = new EventSource(url.pathname + url.search);
    this.source = source;
    this.listenedTypes.clear();
    source.addEventListener(LIVE_EVENT_TYPES.ready, (event) => {
      this.remember(event);
      const ready = parse(String(event.data)) as ReadyEvent | undefined;
      const missedSome = this.hasBeenOpen && ready?.resumed !== true;
      this.hasBeenOpen = true;
      this.attempts = 0;
      this.setState('open');
      if (missedSome) this.dispatch(RESYNC, null);
    });
    for (const type of this.handlers.keys()) this.listenTo(type);
    // Any failure (the network, the server ending the stream, a refused ticket): this EventSource would
    // retry with the same, soon expired, ticket; a new one with a fresh ticket resumes instead.
    source.onerror = () => {
      if (this.source !== source) return;
      source.close();
      this.source = null;
      this.retryLater();
    };
  }

  private listenTo(type: string) {
    if (!this.source || this.listenedTypes.has(type) || type === RESYNC || type === LIVE_EVENT_TYPES.ready)
      return;
    this.listenedTypes.add(type);
    this.source.addEventListener(type, (event) => {
      this.remember(event);
      this.dispatch(type, parse(String(event.data)));
    });
  }

  private remember(event: MessageEvent) {
    if (event.lastEventId) this.lastEventId = event.lastEventId;
  }

  private dispatch(type: string, data: unknown) {
    for (const handler of [...(this.handlers.get(type) ?? [])]) handler(data);
  }

  private retryLater(waitMs?: number) {
    this.setState('down');
    clearTimeout(this.retryTimer);
    // Doubling waits with some jitter, so that a restarted server is not met by every phone at once.
    const backOff =
      Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.attempts) * (0.75 + Math.random() * 0.5);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      if (this.isWanted) void this.connect();
    }, waitMs ?? backOff);
  }

  dispose() {
    this.handlers.clear();
    this.stateListeners.clear();
    this.update();
  }

  // Coming back online: reconnect now rather than at the end of the back-off.
  reconnectNow() {
    if (this.state !== 'down' || !this.isWanted) return;
    clearTimeout(this.retryTimer);
    void this.connect();
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

let connections: Record<LiveAudience, LiveConnection> | null = null;
let isWatchingNetwork = false;

function connection(audience: LiveAudience): LiveConnection {
  connections ??= { user: new LiveConnection('user'), admin: new LiveConnection('admin') };
  if (!isWatchingNetwork) {
    isWatchingNetwork = true;
    window.addEventListener('online', () => {
      connections?.user.reconnectNow();
      connections?.admin.reconnectNow();
    });
  }
  return connections[audience];
}

// Calls `handler` with each event of `type` (its JSON data) for this reader; RESYNC when the page should
// read its data again. Returns the unsubscribe function.
export function subscribeLiveEvent(audience: LiveAudience, type: string, handler: Handler): () => void {
  return connection(audience).on(type, handler);
}

export function subscribeLiveState(audience: LiveAudience, listener: () => void): () => void {
  return connection(audience).onState(listener);
}

export function liveState(audience: LiveAudience): LiveState {
  return connection(audience).state;
}

// Tests start each case from closed connections.
export function resetLiveEventsForTests() {
  connections?.user.dispose();
  connections?.admin.dispose();
  connections = null;
}
