import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The moderation-queue measurement runs on the server's test harness (a fresh migrated database, PGlite
 * or TEST_DATABASE_URL), outside the test suite:
 *   [TEST_DATABASE_URL=postgres://…] [MEASURE_N=100000] npx vitest run --config bench/moderation/vitest.config.ts
 */
const server = fileURLToPath(new URL('../../apps/server', import.meta.url));
export default defineConfig({
  test: {
    root: server,
    include: ['../../bench/moderation/queue.measure.ts'],
    testTimeout: 1_200_000,
    hookTimeout: 120_000,
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    pool: 'forks',
  },
});
