export * from './limits.ts';
export * from './slug.ts';
export * from './price.ts';
export * from './catalog.ts';
export * from './api.ts';
export * from './errors.ts';
export * from './accounts.ts';
export * from './publishing.ts';
