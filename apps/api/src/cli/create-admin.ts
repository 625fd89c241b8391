import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureAdmin } from '../modules/admin/ensure-admin';

// npm run admin:create -- --email boss@oja.ng --password 'a long password'
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
if (!values.email || !values.password || values.password.length < 8) {
  console.error('Usage: npm run admin:create -- --email <email> --password <at least 8 characters>');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const admin = await ensureAdmin({ db: database.db, email: values.email, password: values.password });
  console.log(`Admin ${admin?.email ?? values.email} is ready (database: ${database.kind}).`);
} finally {
  await database.close();
}
