import { afterEach } from 'vitest';
import type { Envelope } from '@marketplace/shared/schemas/api';

// What the server writes into a page's HTML for its first view (apps/api first-view.ts, decision 022):
// the reply the page would otherwise ask for, in a JSON block lib/first-view.ts reads.
export function serveFirstView(name: string, body: Envelope<unknown>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-view-data';
  block.textContent = JSON.stringify({ name, renderedAt: Date.now(), body });
  document.body.append(block);
}

afterEach(() => document.getElementById('first-view-data')?.remove());
