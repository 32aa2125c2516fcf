import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, deadline: number): Promise<Response> {
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return response;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw lastError;
}

let dev: ChildProcess | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'flowbay-dev-'));
afterAll(() => {
  // The dev script starts a process group (npx → tsx watch → server, npm → vite): stop all of it.
  if (dev?.pid) {
    try {
      process.kill(-dev.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('serves the web app and answers the API through the dev server proxy', async () => {
    const [apiPort, webPort] = [await freePort(), await freePort()];
    dev = spawn('node', ['scripts/dev.mjs'], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(apiPort),
        WEB_PORT: String(webPort),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
      },
    });
    const deadline = Date.now() + 90_000;
    const page = await waitFor(`http://127.0.0.1:${webPort}/`, deadline);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');

    const health = await waitFor(`http://127.0.0.1:${webPort}/api/health`, deadline);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const categories = await fetch(`http://127.0.0.1:${webPort}/api/categories`);
    expect(categories.status).toBe(200);
    expect(Array.isArray(await categories.json())).toBe(true);
  }, 120_000);
});
