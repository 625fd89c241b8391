import { Redis } from 'ioredis';

// The Redis that request limits count in when REDIS_URL is set. Connected at boot: a wrong URL or a Redis that
// is down stops the start with a clear message instead of failing requests later.
export async function connectRedis(
  url: string,
  onError: (error: Error) => void = () => undefined,
): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  // Errors of the first connection are thrown below; later ones (a lost connection) go to onError.
  let starting = true;
  client.on('error', (error: Error) => {
    if (!starting) onError(error);
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const where = new URL(url);
    throw new Error(
      `REDIS_URL: cannot reach Redis at ${where.host} (${(error as Error).message || 'connection refused'})`,
    );
  }
  starting = false;
  // After the start, a lost connection is retried in the background.
  client.options.retryStrategy = (attempt: number) => Math.min(attempt * 200, 2000);
  return client;
}
