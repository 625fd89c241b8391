import { createServer } from 'node:net';

// A TCP port on 127.0.0.1 that was free a moment ago, for a server started as a child process (the cluster
// test, the benches).
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}
