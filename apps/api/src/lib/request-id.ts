import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// A caller's (or load balancer's) X-Request-Id is kept when it is a short token of safe characters, so one id
// follows a request through several services; anything else (too long, spaces, control characters that could
// forge log lines) is replaced by a fresh UUID.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  if (typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}
