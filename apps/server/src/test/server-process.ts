import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The real server (`npm start`'s entry, scripts/start.mjs) as a child process. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (for failure messages and log assertions). */
  output(): string;
  exited: Promise<ServerExit>;
  isRunning(): boolean;
  /** Resolves once `/api/health` answers 200; rejects if the process exits first. */
  ready(timeoutMs?: number): Promise<void>;
}

/** Starts the server with `env` on top of a quiet, API-only default (no web build, no demo seed). */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SKIP_WEB_BUILD: '1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  let running = true;
  const exited = new Promise<ServerExit>((resolve) =>
    child.on('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    child,
    output: () => printed,
    exited,
    isRunning: () => running,
    async ready(timeoutMs = 150_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!running) throw new Error(`the server exited before it was ready:\n${printed}`);
        const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(
          () => null,
        );
        if (health?.status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${printed}`);
    },
  };
}
