import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './secret.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'flowbay-secret-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when it is set, and writes nothing', () => {
    const secret = 'x'.repeat(40);
    expect(resolveAuthSecret({ AUTH_SECRET: secret, DATA_DIR: join(dataDir, 'unused') })).toBe(secret);
    expect(() => statSync(join(dataDir, 'unused', 'auth-secret'))).toThrow();
  });

  it('otherwise makes one secret, keeps it in DATA_DIR/auth-secret (0600) and reuses it after a restart', () => {
    const first = resolveAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'auth-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(resolveAuthSecret({ AUTH_SECRET: undefined, DATA_DIR: dataDir })).toBe(first);
  });
});
