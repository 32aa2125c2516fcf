import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../../env.ts';

/**
 * `AUTH_SECRET` when set (required in production). Otherwise one random secret is made once and kept
 * in `$DATA_DIR/auth-secret` (mode 0600), so sessions and e-mail links survive a restart.
 */
export function resolveAuthSecret(env: Pick<Env, 'AUTH_SECRET' | 'DATA_DIR'>): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(env.DATA_DIR, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
