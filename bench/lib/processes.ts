/**
 * The benches' child processes (bench/catalog/server.ts, bench/catalog/bare-server.ts): each runs in
 * its own process so the load generator gets the other core, and talks over the IPC channel.
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  port: number;
  /** How long the server took to seed its database, when it seeds one. */
  seedSeconds?: number;
}

/** Forks `script` (TypeScript, through tsx) and resolves once it says it is ready on a port. */
export function start(
  script: string,
  env: Record<string, string>,
  execArgv: string[] = [],
): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = fork(script, {
      env: { ...process.env, ...env },
      execArgv: [...execArgv, '--import', 'tsx'],
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.on('message', (message: { ready?: boolean; port?: number; seedSeconds?: number }) => {
      if (message.ready) resolve({ child, port: message.port!, seedSeconds: message.seedSeconds });
    });
  });
}

/** Sends `message` and resolves with the first reply that carries `key`. */
export function ask<T>(child: ChildProcess, message: unknown, key: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (reply: Record<string, unknown>) => {
      if (reply && key in reply) {
        child.off('message', listener);
        resolve(reply as T);
      }
    };
    child.on('message', listener);
    child.send(message as never);
  });
}

/** Asks the child to stop and waits until it has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

/**
 * In a child server: answers `'memory'` with its heap and resident size, and on `'stop'` closes the
 * app, then its database, and exits.
 */
export function serveUntilStopped(
  app: { close(): Promise<unknown> },
  database: { close(): Promise<unknown> },
) {
  const stopServing = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'memory') {
      const { heapUsed, rss } = process.memoryUsage();
      process.send?.({ heapUsed, rss });
    }
    if (message === 'stop') void stopServing();
  });
}
