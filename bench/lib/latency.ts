/** Latency figures and the health sampler the benches share. */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Figures {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The p-th percentile of sorted values (nearest rank); 0 when there are none. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export function latencyFigures(latencies: number[]): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

const sampler = join(fileURLToPath(new URL('.', import.meta.url)), '../uploads/health-sampler.ts');

/**
 * `/api/health` asked one call after another (10 ms apart) for as long as `work` runs, from a
 * separate process, so the bench's own work does not count as server latency.
 */
export async function healthDuring(base: string, work: () => Promise<unknown>): Promise<number[]> {
  const child = fork(sampler, [`${base}/api/health`], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const latencies = new Promise<number[]>((resolve) =>
    child.on('message', (message: { latencies?: number[] }) => {
      if (message.latencies) resolve(message.latencies);
    }),
  );
  await new Promise<void>((resolve) =>
    child.on('message', (message: { ready?: boolean }) => message.ready && resolve()),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  await work();
  if (child.connected) child.send('stop');
  return latencies;
}
