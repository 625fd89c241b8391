import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// How config.ts reads the values that need more than a schema: the Cloudinary URL, the allowed origins, the
// trusted proxies, the session secret and the database pool's size. (The environment itself is read in
// config.ts only.)

export class ConfigError extends Error {}

export type CloudinaryConfig = { cloudName: string; apiKey: string; apiSecret: string; apiBase: string };

// Fastify's trustProxy: false, a hop count's test, or the addresses of the load balancers.
export type TrustProxy = false | string | ((address: string, hop: number) => boolean);

// cloudinary://<api key>:<api secret>@<cloud name>, the form Cloudinary's console shows.
export function parseCloudinaryUrl(value: string, apiBase: string): CloudinaryConfig {
  const invalid = new ConfigError(
    'CLOUDINARY_URL must look like cloudinary://<api key>:<api secret>@<cloud name>',
  );
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid;
  }
  const cloudName = url.hostname;
  const apiKey = decodeURIComponent(url.username);
  const apiSecret = decodeURIComponent(url.password);
  if (
    url.protocol !== 'cloudinary:' ||
    !cloudName ||
    !apiKey ||
    !apiSecret ||
    !/^[a-z0-9_-]+$/i.test(cloudName)
  )
    throw invalid;
  return { cloudName, apiKey, apiSecret, apiBase: apiBase.replace(/\/+$/, '') };
}

// Each entry must be an origin (scheme, host, port; no path): that is what a browser sends in `Origin`.
export function parseOrigins(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  return entries.map((entry) => {
    let origin: string;
    try {
      origin = new URL(entry).origin;
    } catch {
      throw new ConfigError(`CORS_ORIGINS: "${entry}" is not an origin such as https://shop.example.com`);
    }
    if (origin === 'null' || origin !== entry.replace(/\/+$/, '').toLowerCase()) {
      throw new ConfigError(`CORS_ORIGINS: "${entry}" is not an origin such as https://shop.example.com`);
    }
    return origin;
  });
}

// Note: trusting X-Forwarded-For from anyone would let a client pick its own address and dodge every
// per-address limit; only the load balancers named here are believed.
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

// Note: production never runs on a generated or missing secret; elsewhere one is generated once and
// kept in DATA_DIR so sessions survive restarts.
export function resolveJwtSecret(
  fromEnv: string | undefined,
  isProduction: boolean,
  dataDir: string,
): string {
  if (fromEnv) return fromEnv;
  if (isProduction) throw new ConfigError('JWT_SECRET must be set in production.');
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

// Whether a PostgreSQL URL names a server on this machine: localhost, a loopback address, or a Unix socket's
// directory (`postgres://user@%2Fvar%2Frun%2Fpostgresql/db` or `?host=/var/run/postgresql`). As the driver reads
// it: a `host` parameter wins over the URL's host when it is not empty, and no host at all means PGHOST
// (`pgHost`), else localhost.
export function isDatabaseOnThisMachine(databaseUrl: string, pgHost?: string): boolean {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return false;
  }
  const host = (url.searchParams.get('host') || decodedHost(url.hostname) || pgHost || 'localhost')
    .toLowerCase()
    .replace(/\.$/, '');
  return (
    host.startsWith('/') ||
    host === 'localhost' ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    ['[::1]', '::1', '[::ffff:7f00:1]'].includes(host)
  );
}

function decodedHost(hostname: string): string {
  try {
    return decodeURIComponent(hostname);
  } catch {
    return hostname;
  }
}

// PostgreSQL connections per API process when DATABASE_POOL_SIZE is not set (decision 080). A PostgreSQL on
// another machine: 10 (its cores are unknown here). A PostgreSQL on this machine shares its cores with the API:
// all processes together hold about two connections per core, as PostgreSQL's own sizing advice has it, at most
// 10 and at least 4 each, so that a few slow transactions do not leave the others waiting past the pool's 5 s
// (a seller's Paystack subaccount no longer holds one across the call, decision 081). More only add server
// processes taking turns on the same cores: on 2 cores, 10 connections cost PostgreSQL 40 percent more CPU per
// uncached product page than 4, and served 15 percent fewer of them.
export const REMOTE_DATABASE_POOL_SIZE = 10;
const LOCAL_DATABASE_MIN_POOL_SIZE = 4;

export function defaultPoolSize(
  databaseUrl: string | undefined,
  processes: number,
  cores: number,
  pgHost?: string,
): number {
  if (!databaseUrl || !isDatabaseOnThisMachine(databaseUrl, pgHost)) return REMOTE_DATABASE_POOL_SIZE;
  const perProcess = Math.ceil((2 * cores) / processes);
  return Math.min(REMOTE_DATABASE_POOL_SIZE, Math.max(LOCAL_DATABASE_MIN_POOL_SIZE, perProcess));
}
