import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.ts';
import type { UiLanguage } from './tests/fixtures.ts';

// E2E_PORT lets several checkouts run their journeys on one machine at once.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_BASE_URL points the journeys at a server that is already running (no webServer then).
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${PORT}`;
// Set here once and inherited by the test workers, so the signed-in journeys can read the server's outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'flowbay-e2e-'));
/** Accounts that become administrators once their e-mail is confirmed (one per project, so journeys run in parallel). */
export const E2E_ADMIN_EMAILS = [
  // The bilingual listings' administrators (one lists the English-only listing, one the form's).
  'bilingual-admin-desktop-vi@e2e.test',
  'bilingual-form-admin-desktop-en@e2e.test',
  'bilingual-form-admin-desktop-vi@e2e.test',
  'admin-desktop-en@e2e.test',
  'admin-desktop-vi@e2e.test',
  // The admin-and-sales journeys' administrators (one reads the queue, one lists the paid workflow).
  'i34d-admin-desktop-en@e2e.test',
  'i34d-admin-desktop-vi@e2e.test',
  'i34d-sales-admin-desktop-en@e2e.test',
  'i34d-sales-admin-desktop-vi@e2e.test',
  'admin-phone-en@e2e.test',
  'admin-huge-desktop-en@e2e.test',
  'admin-huge-desktop-vi@e2e.test',
  // The buying journeys' administrators (separate accounts, so they can run beside the signed-in journeys).
  'buying-admin-desktop-en@e2e.test',
  'buying-admin-desktop-vi@e2e.test',
  // The honest counts journeys' administrators (they list a free workflow of their own).
  'honest-admin-desktop-en@e2e.test',
  'honest-admin-desktop-vi@e2e.test',
  'honest-admin-phone-en@e2e.test',
  'hardening-admin-desktop-en@e2e.test',
  'hardening-admin-desktop-vi@e2e.test',
  'hardening-admin-phone-en@e2e.test',
  'selling-admin-desktop-en@e2e.test',
  'selling-admin-desktop-vi@e2e.test',
  'seller-admin-desktop-en@e2e.test',
  'seller-admin-desktop-vi@e2e.test',
  // The trust journeys' administrators: one approves the rated workflow, one reads the reports queue.
  'trust-admin-desktop-en@e2e.test',
  'trust-admin-desktop-vi@e2e.test',
  'trust-reports-admin-desktop-en@e2e.test',
  'trust-reports-admin-desktop-vi@e2e.test',
  // The selling journey's administrator (tests/selling-journey.spec.ts): approves listings and versions.
  'journey-admin-desktop-en@e2e.test',
  'journey-admin-desktop-vi@e2e.test',
  // The automated checks' journeys (tests/checks.spec.ts): approve listings and a risky file with a note.
  'checks-admin-desktop-en@e2e.test',
  'checks-admin-desktop-vi@e2e.test',
  'checks-admin-phone-en@e2e.test',
  'checks-queue-admin-desktop-en@e2e.test',
  'checks-queue-admin-desktop-vi@e2e.test',
];

const chromium = chromiumLaunchOptions;

/** A desktop Chrome window in one UI language. */
const desktop = (uiLanguage: UiLanguage) => ({
  name: `desktop-${uiLanguage}`,
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromium,
    viewport: { width: 1366, height: 900 },
    uiLanguage,
  },
});

export default defineConfig<{ uiLanguage: UiLanguage }>({
  testDir: './tests',
  // A journey's time limit is a guard against a hang, not a speed test: on a loaded 2-core machine
  // the longer public journeys (many pages, an accessibility scan on each) took 40–70 s. Speed is
  // measured in bench/, never asserted here.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    acceptDownloads: true,
  },
  projects: [
    desktop('en'),
    desktop('vi'),
    { name: 'phone-en', use: { ...devices['Pixel 7'], launchOptions: chromium, uiLanguage: 'en' } },
  ],
  webServer: external
    ? undefined
    : {
        // The production path: the built app served by the real server on a fresh embedded database.
        command: 'node scripts/start.mjs',
        cwd: '..',
        url: `${baseURL}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        env: {
          PORT: String(PORT),
          HOST: '127.0.0.1',
          DATA_DIR: process.env.E2E_DATA_DIR,
          ADMIN_EMAILS: E2E_ADMIN_EMAILS.join(','),
          SEED_DEMO: '1',
          LOG_LEVEL: 'warn',
          PUBLIC_URL: baseURL,
          // Each journey sends its own X-Forwarded-For (tests/fixtures.ts), as visitors behind a proxy do.
          TRUST_PROXY: 'true',
          // Selling journeys (tests/selling.spec.ts): a sale is available at once and a new bank
          // account holds payouts for 7 s; production refuses values below 7 days and 48 hours.
          SALE_HOLD_DAYS: '0',
          PAYOUT_ACCOUNT_HOLD_HOURS: '0.002',
        },
      },
});
