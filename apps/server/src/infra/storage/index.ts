import { join } from 'node:path';
import type { Env } from '../../env.ts';
import { createLocalStorage } from './local.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';
export { isPublicKey } from './storage.ts';

export function createStorage(env: Env): Storage {
  return createLocalStorage(join(env.DATA_DIR, 'files'));
}
