import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'workflow-formats',
          root: 'packages/workflow-formats',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: { name: 'search', root: 'packages/search', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['./src/test/global-setup.ts'],
          setupFiles: ['./src/test/setup.ts'],
          pool: 'forks',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A busy machine may take seconds to load a lazy chunk; a test waits for what the user
          // would see, it is not a timing check (see asyncUtilTimeout in the setup file).
          testTimeout: 60_000,
          // A file's beforeAll loads the texts (initI18n, inLanguage: chunks of their own): on a cold
          // transform cache that is a first transform, held to the same ceiling as a test, not 10 s.
          hookTimeout: 60_000,
          // Fails a test in which React or the app writes console.error / console.warn.
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
