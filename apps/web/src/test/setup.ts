import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '@/i18n';

/**
 * Every web test fails when React or the app writes to console.error or console.warn while it runs
 * (hydration and act warnings, missing list keys, a text key that has no translation): those are
 * bugs a user meets as a broken or untranslated screen, and a passing test must not hide them.
 * The console is replaced outright (not spied on), so a test's own `vi.restoreAllMocks()` keeps it.
 */
const written: string[] = [];
for (const level of ['error', 'warn'] as const) {
  console[level] = (...args: unknown[]) => {
    written.push(`console.${level}: ${format(...args)}`);
  };
}

// findBy… and waitFor wait for what the user would see; on a busy machine a lazy chunk (the share
// menu, the graph) can take seconds to load, so the ceiling is generous. It never slows a passing test.
configure({ asyncUtilTimeout: 30_000 });

// i18next reports a missing key only with `saveMissing`; initI18n keeps options set before it.
i18n.options.saveMissing = true;
i18n.on('missingKey', (languages: readonly string[], namespace: string, key: string) => {
  console.error(`missing i18n key "${namespace}:${key}" (${languages.join(', ')})`);
});

afterEach(() => {
  // Unmounting may warn too (effects' cleanups), so it comes before the check.
  cleanup();
  const messages = written.splice(0);
  if (messages.length > 0) {
    throw new Error(`The test wrote to the console:\n${messages.join('\n')}`);
  }
});
