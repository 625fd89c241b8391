import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { defaultPoolSize } from './config-values';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'oja-config-'));

describe('configuration', () => {
  it('defaults to port 3000, the embedded database and demo data', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('multiplies every per-address request limit by RATE_LIMIT_MULTIPLIER, and refuses a multiplier below 1', () => {
    const plain = loadConfig({ DATA_DIR: tempDir() });
    const scaled = loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_MULTIPLIER: '50' });
    expect(scaled.rateLimits.register).toEqual({
      ...plain.rateLimits.register,
      max: plain.rateLimits.register.max * 50,
    });
    expect(scaled.rateLimits.general.max).toBe(plain.rateLimits.general.max * 50);
    expect(() => loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_MULTIPLIER: '0' })).toThrow();
  });

  it('multiplies the sign-in failure limits per address, but not those per account, device or mail recipient', () => {
    const plain = loadConfig({ DATA_DIR: tempDir() });
    const scaled = loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_MULTIPLIER: '50' });
    expect(scaled.rateLimits.login.max).toBe(5 * 50);
    expect(scaled.rateLimits.loginPerAddress.max).toBe(30 * 50);
    expect(scaled.rateLimits.loginPerAccount).toEqual(plain.rateLimits.loginPerAccount);
    expect(scaled.rateLimits.loginPerAccount.max).toBe(10);
    expect(scaled.rateLimits.loginPerDevice).toEqual({ max: 5, windowMs: 15 * 60_000 });
    expect(scaled.rateLimits.mailsPerRecipient.max).toBe(3);
    expect(scaled.loginAccountCap).toBe(30);
  });

  it('turns demo data off with DEMO_DATA=0 and by default on a real database', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://localhost/oja' }).demoData).toBe(
      false,
    );
  });

  it('generates a JWT secret once and keeps it in DATA_DIR outside production', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('refuses to start in production without a JWT secret, or on the payment sandbox', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), PAYSTACK_SECRET_KEY: 'sk_live_x' }),
    ).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(40) }),
    ).toThrow(/PAYSTACK_SECRET_KEY/);
  });

  it('refuses to start in production without PUBLIC_URL, the origin of every media URL in a reply', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'x'.repeat(40),
      PAYSTACK_SECRET_KEY: 'sk_live_x',
    };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://oja.ng/' }).publicUrl).toBe('https://oja.ng');
  });

  it('never seeds demo data in production', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'x'.repeat(40),
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      PUBLIC_URL: 'https://oja.ng',
    };
    expect(loadConfig(production).demoData).toBe(false);
    expect(() => loadConfig({ ...production, DEMO_DATA: '1' })).toThrow(/DEMO_DATA/);
  });

  it('trusts no proxy unless told which ones', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    const hops = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops === 'function' && hops('10.0.0.1', 0) && !hops('10.0.0.1', 1)).toBe(true);
  });

  it('allows no other origin by default, and reads CORS_ORIGINS as comma-separated origins', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).corsOrigins).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'https://shop.example.com, http://localhost:8081/' })
        .corsOrigins,
    ).toEqual(['https://shop.example.com', 'http://localhost:8081']);
    expect(() => loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'https://shop.example.com/app' })).toThrow(
      /CORS_ORIGINS/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'shop.example.com' })).toThrow(
      /CORS_ORIGINS/,
    );
  });

  it('says which setting is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: tempDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@oja.ng', DATA_DIR: tempDir() })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
  });

  it('holds DATABASE_POOL_SIZE connections, else about two per core for all processes on a PostgreSQL of this machine and 10 on another', () => {
    const pool = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tempDir(), ...env }).databasePoolSize;
    expect(pool({ DATABASE_URL: 'postgres://db.internal/oja', DATABASE_POOL_SIZE: '25' })).toBe(25);
    expect(pool({ DATABASE_URL: 'postgres://db.internal/oja' })).toBe(10);
    // One process per core: two connections per core in all, but never fewer than 4 each.
    expect(pool({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/oja', WEB_CONCURRENCY: 'auto' })).toBe(4);
    const local = Math.min(10, Math.max(4, 2 * availableParallelism()));
    expect(pool({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/oja' })).toBe(local);
    expect(pool({ DATABASE_URL: 'postgres://postgres@%2Fvar%2Frun%2Fpostgresql/oja' })).toBe(local);
    expect(pool({ DATABASE_URL: 'postgres:///oja?host=/var/run/postgresql' })).toBe(local);
    // As the driver reads the URL: an empty host parameter is ignored, no host at all is PGHOST's.
    expect(pool({ DATABASE_URL: 'postgres://db.internal/oja?host=' })).toBe(10);
    expect(pool({ DATABASE_URL: 'postgres:///oja', PGHOST: 'db.internal' })).toBe(10);
    expect(() => pool({ DATABASE_URL: 'postgres://localhost/oja', DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE',
    );
    expect(defaultPoolSize('postgres://localhost/oja', 1, 2)).toBe(4);
    expect(defaultPoolSize('postgres://localhost/oja', 1, 3)).toBe(6);
    expect(defaultPoolSize('postgres://localhost/oja', 8, 2)).toBe(4);
    expect(defaultPoolSize('postgres://localhost/oja', 1, 32)).toBe(10);
    expect(defaultPoolSize('postgres://LOCALHOST./oja', 1, 3)).toBe(6);
    expect(defaultPoolSize('postgres://127.0.0.2/oja', 1, 3)).toBe(6);
    expect(defaultPoolSize('postgres://[::1]:5432/oja', 1, 3)).toBe(6);
    expect(defaultPoolSize('postgres://%zz/oja', 1, 3)).toBe(10);
    expect(defaultPoolSize('postgres://localhost/oja?host=/tmp/a%25b', 1, 3)).toBe(6);
    expect(defaultPoolSize('postgres://10.0.0.5/oja', 1, 2)).toBe(10);
    expect(defaultPoolSize(undefined, 1, 2)).toBe(10);
  });

  it('runs one API process by default, N with WEB_CONCURRENCY, one per core with auto; several need PostgreSQL', () => {
    const url = 'postgres://localhost/oja';
    expect(loadConfig({ DATA_DIR: tempDir() }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(
      3,
    );
    expect(
      loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url, WEB_CONCURRENCY: 'auto' }).webConcurrency,
    ).toBe(availableParallelism());
    expect(() => loadConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '2' })).toThrow(
      'WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database (PGlite) lives in one process and cannot be shared by several.',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url, WEB_CONCURRENCY: 'many' })).toThrow(
      'WEB_CONCURRENCY',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url, WEB_CONCURRENCY: '0' })).toThrow(
      'WEB_CONCURRENCY',
    );
  });
});
