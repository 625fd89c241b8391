import { vi } from 'vitest';

// A stand-in for the browser's EventSource (jsdom has none): tests see the streams the page opened and
// send events on them as the server would.
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener);
  }

  close() {
    this.closed = true;
  }

  // The server sends an event (`id:`, `event:`, JSON `data:`).
  send(type: string, data: unknown, id = '') {
    if (this.closed) throw new Error('sending on a closed stream');
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  // The connection drops.
  fail() {
    this.onerror?.(new Event('error'));
  }

  get query() {
    return new URL(this.url, 'http://oja.test').searchParams;
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.opened.at(-1);
    if (!source) throw new Error('no stream opened');
    return source;
  }
}

export function stubEventSource() {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}
