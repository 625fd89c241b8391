// The database schema, one file a domain (Drizzle; camelCase in code, snake_case in SQL). Code imports
// `db/schema`; drizzle.config.ts reads this file.
export * from './accounts';
export * from './notifications';
export * from './banking';
export * from './newsletter';
export * from './media';
export * from './products';
export * from './reports';
export * from './donations';
export * from './admin';
export * from './orders';
export * from './shipping';
export * from './jobs';
export * from './payments';
export * from './events';
export * from './messages';
export * from './favourites';
export * from './reviews';
export * from './payouts';
export * from './offers';
export * from './impact';
