import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_CHECKOUT_HOLD_SECONDS,
  DEFAULT_OFFER_CHECKOUT_SECONDS,
  DEFAULT_HOLD_COOLDOWN_SECONDS,
  DEFAULT_PROTECTION_WINDOW_SECONDS,
  DEFAULT_HOLDS_PER_BUYER,
  DEFAULT_REPORT_HIDE_THRESHOLD,
  DEFAULT_REPORTER_MIN_ACCOUNT_AGE_HOURS,
  DEFAULT_UNPAID_HOLDS_PER_DAY,
} from '@marketplace/shared/constants';
import {
  ConfigError,
  defaultPoolSize,
  parseCloudinaryUrl,
  parseOrigins,
  parseTrustProxy,
  resolveJwtSecret,
  type CloudinaryConfig,
  type TrustProxy,
} from './config-values';

export { ConfigError, type CloudinaryConfig };

// The environment is read here, once, and nowhere else (epic-stack).

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // PostgreSQL connections each API process may hold in its pool (it also holds one for live events); unset,
  // defaultPoolSize.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  DEMO_DATA: booleanFlag.optional(),
  // Which proxies may tell us the client's address (X-Forwarded-For): unset or 'false' for none, a
  // number of hops, or comma-separated addresses/CIDR ranges of the load balancers.
  TRUST_PROXY: z.string().optional(),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  // How long starting a payment holds the item for that buyer.
  CHECKOUT_HOLD_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 60 * 60)
    .default(DEFAULT_CHECKOUT_HOLD_SECONDS),
  // How long an accepted offer holds the item for its buyer at the agreed price (decision 061).
  OFFER_CHECKOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 60 * 60)
    .default(DEFAULT_OFFER_CHECKOUT_SECONDS),
  // Limits on one buyer's holds (decision 049).
  HOLDS_PER_BUYER: z.coerce.number().int().min(1).max(1000).default(DEFAULT_HOLDS_PER_BUYER),
  HOLD_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60 * 60)
    .default(DEFAULT_HOLD_COOLDOWN_SECONDS),
  UNPAID_HOLDS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_UNPAID_HOLDS_PER_DAY),
  // Buyer protection (issue 29, decision 058): 'protected' collects payments to the platform's balance and
  // pays each seller by transfer once the buyer has the item; 'split' settles the seller's subaccount at once.
  PAYOUT_MODE: z.enum(['protected', 'split']).default('protected'),
  // How long after delivery (or payment, for a pickup) a payout waits for a confirmation or a dispute.
  PROTECTION_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(60 * 24 * 60 * 60)
    .default(DEFAULT_PROTECTION_WINDOW_SECONDS),
  GOSHIIP_API_KEY: z.string().min(1).optional(),
  GOSHIIP_BASE_URL: z.string().url().default('https://delivery.apiideraos.com/api/v2/token'),
  // The secret in the status webhook's URL registered with GoShiip (decision 055): unset, no webhook.
  GOSHIIP_WEBHOOK_SECRET: z.string().min(16).optional(),
  // The courier sandbox moves a shipment one step (pending, picked up, in transit, delivered) this often.
  SANDBOX_SHIPMENT_STEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Background jobs (shipment booking, tracking): whether this process runs them, how often it looks for
  // due ones, the first retry's wait (doubling each time), and how often an undelivered shipment is tracked.
  JOB_RUNNER: booleanFlag.default(true),
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  JOB_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SHIPMENT_TRACK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  // The Cloudinary media adapter (decision 017): cloudinary://<api key>:<api secret>@<cloud name>.
  CLOUDINARY_URL: z.string().min(1).optional(),
  // Where Cloudinary's Upload and Admin APIs answer; tests point it at a local fake.
  CLOUDINARY_API_BASE: z.string().url().default('https://api.cloudinary.com'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Oja <no-reply@oja.ng>'),
  // The external donation request form (spec §2), offered beside the in-app request when set (decision 025).
  DONATE_FORM_URL: z.string().url().optional(),
  // Origins of web clients served elsewhere that may call the API (CORS), comma-separated.
  CORS_ORIGINS: z.string().default(''),
  // How many different users must report a listing before it is hidden until an admin reviews it.
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(DEFAULT_REPORT_HIDE_THRESHOLD),
  // How old an account must be for its reports to count towards hiding a listing, unless it is bank verified
  // or bought something (decision 049).
  REPORTER_MIN_ACCOUNT_AGE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(DEFAULT_REPORTER_MIN_ACCOUNT_AGE_HOURS),
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  // Multiplies every per-address request limit, sign-in failures per address included (not the limits per
  // account, device or mail recipient): for a test server that many scripted users reach from one
  // address, or a load test sending as fast as it can from one (the bench: 1,000,000).
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
  // How many API processes to run (node:cluster): a number, or 'auto' for one per core.
  WEB_CONCURRENCY: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  // After SIGTERM, how long a process goes on serving with readiness at 503 before it closes, so that a load
  // balancer stops sending it requests first.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  // Request limits count in this Redis instead of PostgreSQL (redis://[:password@]host:port[/db]).
  REDIS_URL: z.string().url().optional(),
  // The bearer token GET /api/metrics asks for; unset, there are no metrics (404).
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // Per-user limits on new media and new listings, counted in the database (decision 016).
  MEDIA_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  LISTINGS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  // Messages a user may send per hour, over all their conversations (decision 024).
  MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(120),
  // Live events (GET /api/events, decision 023): LIVE_EVENTS=0 turns the stream off (clients poll), and a
  // comment is sent this often on an idle stream so that proxies do not close it.
  LIVE_EVENTS: booleanFlag.default(true),
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type PayoutSettings = { mode: 'protected' | 'split'; protectionWindowSeconds: number };

export type RateLimit = { max: number; windowMs: number };

export type HoldLimits = { perBuyer: number; cooldownSeconds: number; unpaidPerDay: number };

export type Config = {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  jwtSecret: string;
  tokenTtlSeconds: number;
  admin: { email: string; password: string } | undefined;
  demoData: boolean;
  trustProxy: TrustProxy;
  paystack: { secretKey: string | undefined; baseUrl: string };
  checkoutHoldSeconds: number;
  payouts: PayoutSettings;
  offerCheckoutSeconds: number;
  holdLimits: HoldLimits;
  reportHideThreshold: number;
  reporterMinAccountAgeHours: number;
  goshiipApiKey: string | undefined;
  goshiipBaseUrl: string;
  goshiipWebhookSecret: string | undefined;
  sandboxShipmentStepSeconds: number;
  jobs: {
    isRunner: boolean;
    pollMs: number;
    retryBaseSeconds: number;
    retryMaxSeconds: number;
    leaseSeconds: number;
  };
  shipmentTrackSeconds: number;
  googleMapsApiKey: string | undefined;
  // Set when CLOUDINARY_URL is: pictures and videos are uploaded straight to Cloudinary.
  cloudinary: CloudinaryConfig | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  donateFormUrl: string | null;
  logLevel: string;
  metricsToken: string | undefined;
  // API processes to run (1: this one, no cluster).
  webConcurrency: number;
  shutdownDelayMs: number;
  redisUrl: string | undefined;
  // How long a public list or product page may be served from memory (0 turns the cache off).
  publicCacheMs: number;
  // The origins allowed to call the API from a browser page of their own (CORS_ORIGINS).
  corsOrigins: string[];
  // A reply field its schema lacks is an error instead of being dropped (the test suites turn it on).
  strictReplies: boolean;
  webDistDir: string;
  // Once an account has had too many failures, its password checks from unknown devices are this far apart
  // (decisions 009, 048); past `loginAccountCap` failures, unknown devices must use the mailed link.
  loginSlowdownMs: number;
  loginAccountCap: number;
  // Per user, whatever the address: files sent to POST /api/media and new listings.
  userLimits: { mediaUploads: RateLimit; newListings: RateLimit; messages: RateLimit };
  // The live event stream: on or off, the heartbeat, a ticket's life, a stream's longest life (the client
  // then reconnects with a fresh ticket, so a session ended meanwhile stops receiving), and how many
  // streams one reader may hold open in one process.
  events: {
    enabled: boolean;
    heartbeatMs: number;
    ticketSeconds: number;
    maxStreamMs: number;
    maxStreamsPerReader: number;
  };
  rateLimits: {
    login: RateLimit;
    loginPerAccount: RateLimit;
    loginPerAddress: RateLimit;
    loginPerDevice: RateLimit;
    mailsPerRecipient: RateLimit;
    register: RateLimit;
    forgotPassword: RateLimit;
    resolveAccount: RateLimit;
    placesAutocomplete: RateLimit;
    courierRates: RateLimit;
    listingReports: RateLimit;
    liveEvents: RateLimit;
    general: RateLimit;
  };
};

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const defaultRateLimits: Config['rateLimits'] = {
  // Failed logins per e-mail and address: 5 in 15 minutes, then 429 for that address only.
  login: { max: 5, windowMs: 15 * 60_000 },
  // Failed logins per e-mail from every address together (unknown devices): past 10, the owner is mailed a
  // one-time sign-in link and the password checks are paced; past loginAccountCap (30), unknown devices
  // must use the link (decision 048).
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  // Failed logins per address across every e-mail (password spraying): 30 in 15 minutes, then 429.
  loginPerAddress: { max: 30, windowMs: 15 * 60_000 },
  // Failed logins through one device cookie (a device that signed in before): 5 in 15 minutes, then 429
  // for that cookie; these failures count nowhere else (decision 048).
  loginPerDevice: { max: 5, windowMs: 15 * 60_000 },
  // Reset and sign-in-link mails per recipient, whoever asks for them: 3 an hour.
  mailsPerRecipient: { max: 3, windowMs: 60 * 60_000 },
  register: { max: 10, windowMs: 60 * 60_000 },
  forgotPassword: { max: 5, windowMs: 15 * 60_000 },
  resolveAccount: { max: 10, windowMs: 10 * 60_000 },
  // Suggestions come as the user types; each may be a paid call to Google.
  placesAutocomplete: { max: 60, windowMs: 60_000 },
  // Courier lists and prices per address, for visitors too; each may be a call to GoShiip.
  courierRates: { max: 30, windowMs: 60_000 },
  // Reports of listings per address: a few an hour is what an honest buyer sends.
  listingReports: { max: 10, windowMs: 60 * 60_000 },
  // Event tickets and stream connections per address, each: a tab reconnecting with back-off asks for a
  // few a minute; many phones may share one carrier address.
  liveEvents: { max: 120, windowMs: 60_000 },
  general: { max: 600, windowMs: 60_000 },
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  const dataDir = path.resolve(values.DATA_DIR);
  const port = values.PORT;

  // Note: in production the payment sandbox would verify made-up bank accounts; refuse to run on it.
  if (isProduction && !values.PAYSTACK_SECRET_KEY) {
    throw new ConfigError(
      'PAYSTACK_SECRET_KEY must be set in production (the payment sandbox is for development only).',
    );
  }
  // Note: demo accounts have published passwords and seeded bank details; never on a production server.
  if (isProduction && values.DEMO_DATA) {
    throw new ConfigError('DEMO_DATA cannot be turned on in production.');
  }
  const webConcurrency = values.WEB_CONCURRENCY === 'auto' ? availableParallelism() : values.WEB_CONCURRENCY;
  // Note: PGlite is a database inside one process's memory (and one process's lock on DATA_DIR/pgdata);
  // several processes cannot share it.
  if (webConcurrency > 1 && !values.DATABASE_URL) {
    throw new ConfigError(
      `WEB_CONCURRENCY=${values.WEB_CONCURRENCY} needs DATABASE_URL: the embedded database (PGlite) lives in one process and cannot be shared by several. Set DATABASE_URL to a PostgreSQL server, or leave WEB_CONCURRENCY at 1.`,
    );
  }
  if ((values.ADMIN_EMAIL === undefined) !== (values.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Set ADMIN_EMAIL and ADMIN_PASSWORD together.');
  }
  const jwtSecret = resolveJwtSecret(values.JWT_SECRET, isProduction, dataDir);
  // Note: every media URL in a reply starts with PUBLIC_URL (decision 051); the default, localhost, would
  // break every picture for every visitor of a real site.
  if (isProduction && !values.PUBLIC_URL) {
    throw new ConfigError(
      'PUBLIC_URL must be set in production (the address browsers use, e.g. https://oja.ng).',
    );
  }

  return {
    isProduction,
    port,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize:
      values.DATABASE_POOL_SIZE ??
      defaultPoolSize(values.DATABASE_URL, webConcurrency, availableParallelism(), env.PGHOST),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    jwtSecret,
    tokenTtlSeconds: 7 * 24 * 60 * 60,
    admin:
      values.ADMIN_EMAIL && values.ADMIN_PASSWORD
        ? { email: values.ADMIN_EMAIL.toLowerCase(), password: values.ADMIN_PASSWORD }
        : undefined,
    // Demo data is on by default on the embedded database only; DEMO_DATA=0 turns it off.
    demoData: values.DEMO_DATA ?? (!isProduction && values.DATABASE_URL === undefined),
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    paystack: {
      secretKey: values.PAYSTACK_SECRET_KEY,
      baseUrl: values.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
    },
    checkoutHoldSeconds: values.CHECKOUT_HOLD_SECONDS,
    payouts: { mode: values.PAYOUT_MODE, protectionWindowSeconds: values.PROTECTION_WINDOW_SECONDS },
    offerCheckoutSeconds: values.OFFER_CHECKOUT_SECONDS,
    holdLimits: {
      perBuyer: values.HOLDS_PER_BUYER,
      cooldownSeconds: values.HOLD_COOLDOWN_SECONDS,
      unpaidPerDay: values.UNPAID_HOLDS_PER_DAY,
    },
    reportHideThreshold: values.REPORT_HIDE_THRESHOLD,
    reporterMinAccountAgeHours: values.REPORTER_MIN_ACCOUNT_AGE_HOURS,
    goshiipApiKey: values.GOSHIIP_API_KEY,
    goshiipBaseUrl: values.GOSHIIP_BASE_URL.replace(/\/+$/, ''),
    goshiipWebhookSecret: values.GOSHIIP_WEBHOOK_SECRET,
    sandboxShipmentStepSeconds: values.SANDBOX_SHIPMENT_STEP_SECONDS,
    jobs: {
      isRunner: values.JOB_RUNNER,
      pollMs: values.JOB_POLL_MS,
      retryBaseSeconds: values.JOB_RETRY_BASE_SECONDS,
      retryMaxSeconds: 30 * 60,
      // Longer than any one run (a courier call times out after 10 s).
      leaseSeconds: 120,
    },
    shipmentTrackSeconds: values.SHIPMENT_TRACK_SECONDS,
    googleMapsApiKey: values.GOOGLE_MAPS_API_KEY,
    cloudinary: values.CLOUDINARY_URL
      ? parseCloudinaryUrl(values.CLOUDINARY_URL, values.CLOUDINARY_API_BASE)
      : undefined,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    donateFormUrl: values.DONATE_FORM_URL ?? null,
    logLevel: values.LOG_LEVEL,
    metricsToken: values.METRICS_TOKEN,
    webConcurrency,
    shutdownDelayMs: values.SHUTDOWN_DELAY_MS,
    redisUrl: values.REDIS_URL,
    publicCacheMs: values.PUBLIC_CACHE_MS,
    corsOrigins: parseOrigins(values.CORS_ORIGINS),
    strictReplies: false,
    webDistDir: path.resolve(apiRoot, '../web/dist'),
    loginSlowdownMs: 3000,
    loginAccountCap: 30,
    events: {
      enabled: values.LIVE_EVENTS,
      heartbeatMs: values.EVENTS_HEARTBEAT_SECONDS * 1000,
      ticketSeconds: 60,
      maxStreamMs: 30 * 60_000,
      maxStreamsPerReader: 8,
    },
    rateLimits: scaleRateLimits(defaultRateLimits, values.RATE_LIMIT_MULTIPLIER),
    userLimits: {
      mediaUploads: { max: values.MEDIA_UPLOADS_PER_HOUR, windowMs: 60 * 60_000 },
      newListings: { max: values.LISTINGS_PER_HOUR, windowMs: 60 * 60_000 },
      messages: { max: values.MESSAGES_PER_HOUR, windowMs: 60 * 60_000 },
    },
  };
}

// Limits per account, per device or per mail recipient: how many people share an address does not change
// them, so RATE_LIMIT_MULTIPLIER leaves them alone (decision 048); it would only weaken them.
const unscaledLimits = new Set<keyof Config['rateLimits']>([
  'loginPerAccount',
  'loginPerDevice',
  'mailsPerRecipient',
]);

function scaleRateLimits(limits: Config['rateLimits'], multiplier: number): Config['rateLimits'] {
  const scaled = { ...limits };
  for (const name of Object.keys(scaled) as (keyof Config['rateLimits'])[]) {
    if (unscaledLimits.has(name)) continue;
    scaled[name] = { ...limits[name], max: limits[name].max * multiplier };
  }
  return scaled;
}
