/**
 * The system Chromium (Debian's) and the flags it runs with headless on these shared machines: the
 * journeys (e2e/playwright.config.ts), the n8n check and the web bench (bench/web/run.ts) launch it
 * with the same options.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Playwright's `launchOptions` for it. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
