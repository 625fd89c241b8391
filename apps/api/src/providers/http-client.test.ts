import { afterEach, describe, expect, it } from 'vitest';
import { serveFake, sendJson } from '../../test/fake-server';
import { createCachedLoader, createProviderClient } from './http-client';

class FakeProviderError extends Error {}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

// A provider that answers each request with the next of `statuses` (the last one repeated).
async function provider(statuses: number[]) {
  const seen: string[] = [];
  const fake = await serveFake((request, response, body) => {
    seen.push(`${request.method} ${request.url} ${request.headers.authorization} ${body.toString()}`);
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)] ?? 200;
    sendJson(response, status, { status: status < 300, message: `answer ${seen.length}` });
  });
  closers.push(fake.close);
  const call = createProviderClient({
    name: 'fake',
    baseUrl: fake.baseUrl,
    headers: { authorization: 'Bearer secret' },
    timeoutMs: 2000,
    retryDelayMs: 1,
    toError: (message, cause) => new FakeProviderError(message, { cause }),
  });
  return { call, seen };
}

describe('the providers HTTP client', () => {
  it('sends the query, the JSON body and the key, and answers the status and parsed body', async () => {
    const { call, seen } = await provider([201]);
    const reply = await call('POST', '/transfer', { query: { a: '1' }, body: { amount: 500 } });
    expect(reply).toEqual({ status: 201, body: { status: true, message: 'answer 1' } });
    expect(seen).toEqual(['POST /transfer?a=1 Bearer secret {"amount":500}']);
  });

  it('tries a read again once after a gateway error', async () => {
    const { call, seen } = await provider([503, 200]);
    const reply = await call('GET', '/bank');
    expect(reply.status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('never sends a write twice', async () => {
    const { call, seen } = await provider([503, 200]);
    const reply = await call('POST', '/transfer', { body: {} });
    expect(reply.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it("gives up with the provider's error naming the call, never the query, when nobody answers", async () => {
    const call = createProviderClient({
      name: 'fake',
      baseUrl: 'http://127.0.0.1:1',
      headers: {},
      timeoutMs: 2000,
      retryDelayMs: 1,
      toError: (message, cause) => new FakeProviderError(message, { cause }),
    });
    const failure = call('GET', '/bank/resolve', { query: { account_number: '0123456789' } });
    await expect(failure).rejects.toThrow(FakeProviderError);
    await expect(failure).rejects.toThrow('fake GET /bank/resolve: failed');
  });
});

describe('the cached loader', () => {
  it('loads a key once while it is fresh, and again after a failed load', async () => {
    let loads = 0;
    const load = createCachedLoader(60_000, (key: string) => {
      loads += 1;
      return loads === 1 ? Promise.reject(new Error('down')) : Promise.resolve(`${key} ${loads}`);
    });
    await expect(load('banks')).rejects.toThrow('down');
    expect(await load('banks')).toBe('banks 2');
    expect(await load('banks')).toBe('banks 2');
    expect(loads).toBe(2);
  });
});
