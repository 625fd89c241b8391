import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the Paystack API that answers with Paystack's documented shapes, so tests can
// drive the real adapter over HTTP (127.0.0.1, a random port). Used by tests only.

export type FakeBehaviour = 'normal' | 'server-error' | 'hang';

export type FakePaystackRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
};

export type FakePaystack = {
  baseUrl: string;
  requests: FakePaystackRequest[];
  // Accounts that resolve, by `${bankCode}:${accountNumber}`, with their names.
  accounts: Map<string, string>;
  subaccounts: Map<string, Record<string, unknown>>;
  behaviour: { banks: FakeBehaviour; resolve: FakeBehaviour; subaccount: FakeBehaviour };
  close: () => Promise<void>;
};

export type FakeBank = { id: number; name: string; code: string; active?: boolean; is_deleted?: boolean };

const UNRESOLVED_MESSAGE = 'Could not resolve account name. Check parameters or try again.';

export async function startFakePaystack(options: { secretKey: string; banks: FakeBank[] }): Promise<FakePaystack> {
  const fake: FakePaystack = {
    baseUrl: '',
    requests: [],
    accounts: new Map(),
    subaccounts: new Map(),
    behaviour: { banks: 'normal', resolve: 'normal', subaccount: 'normal' },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const handle = (request: IncomingMessage, response: ServerResponse, rawBody: string) => {
    const url = new URL(request.url ?? '/', 'http://fake.paystack');
    const body: unknown = rawBody ? JSON.parse(rawBody) : null;
    const query = Object.fromEntries(url.searchParams);
    fake.requests.push({ method: request.method ?? 'GET', path: url.pathname, query, body, authorization: request.headers.authorization });

    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(response, 401, { status: false, message: 'Invalid key' });
    }
    const area = url.pathname === '/bank' ? 'banks' : url.pathname === '/bank/resolve' ? 'resolve' : 'subaccount';
    const behaviour = fake.behaviour[area];
    if (behaviour === 'hang') return; // never answers: the adapter's timeout has to end it
    if (behaviour === 'server-error') return send(response, 500, { status: false, message: 'An error occurred' });

    if (request.method === 'GET' && url.pathname === '/bank') {
      const perPage = Number(query.perPage ?? 50);
      const start = query.next ? Number(Buffer.from(query.next, 'base64').toString().replace('bank:', '')) : 0;
      const page = options.banks.slice(start, start + perPage);
      const next = start + perPage < options.banks.length ? Buffer.from(`bank:${start + perPage}`).toString('base64') : null;
      const data = page.map((bank) => ({
        slug: bank.name.toLowerCase().replace(/\W+/g, '-'),
        longcode: '',
        gateway: null,
        pay_with_bank: false,
        active: true,
        is_deleted: false,
        country: 'Nigeria',
        currency: 'NGN',
        type: 'nuban',
        createdAt: '2016-07-14T10:04:29.000Z',
        updatedAt: '2020-02-18T08:06:44.000Z',
        ...bank,
      }));
      return send(response, 200, { status: true, message: 'Banks retrieved', data, meta: { next, previous: null, perPage } });
    }

    if (request.method === 'GET' && url.pathname === '/bank/resolve') {
      const name = fake.accounts.get(`${query.bank_code}:${query.account_number}`);
      if (!name) return send(response, 422, { status: false, message: UNRESOLVED_MESSAGE });
      return send(response, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: query.account_number, account_name: name, bank_id: 9 },
      });
    }

    if (request.method === 'POST' && url.pathname === '/subaccount') {
      const input = body as Record<string, unknown>;
      const code = `ACCT_fake${fake.subaccounts.size + 1}`;
      const subaccount = { ...input, subaccount_code: code, id: fake.subaccounts.size + 1, active: true, is_verified: false };
      fake.subaccounts.set(code, subaccount);
      return send(response, 201, { status: true, message: 'Subaccount created', data: subaccount });
    }

    const update = /^\/subaccount\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'PUT' && update?.[1]) {
      const existing = fake.subaccounts.get(update[1]);
      if (!existing) return send(response, 404, { status: false, message: 'Subaccount not found' });
      Object.assign(existing, body);
      return send(response, 200, { status: true, message: 'Subaccount updated', data: existing });
    }

    return send(response, 404, { status: false, message: 'Not found' });
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  return fake;
}
