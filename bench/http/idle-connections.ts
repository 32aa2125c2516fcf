/**
 * Idle connections benchmark: the app in its own process, then 20,000 connections opened from two
 * other processes (10,000 each, from two loopback addresses) that send nothing, then `/api/health`
 * asked 200 times, one after another, from a fresh connection each time. Before the connection cap
 * (decision 0138) the server ran out of file descriptors (EMFILE) and answered 500s.
 *
 * Usage: npx tsx bench/http/idle-connections.ts (loopback only; the shell's `ulimit -n` applies to
 * every process, and 20,000 is what this machine gives).
 * Writes bench/reports/connections.md.
 */
import { fork } from 'node:child_process';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib/latency.ts';
import { start, stop } from '../lib/processes.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const IDLE_PER_HOLDER = 10_000;
const HOLDERS = ['127.0.0.2', '127.0.0.3'];
const HEALTH_REQUESTS = 200;

function health(port: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', path: '/api/health', agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

function holder(port: number, address: string) {
  const child = fork(join(here, 'idle-holder.ts'), [String(port), String(IDLE_PER_HOLDER), address], {
    execArgv: ['--import', 'tsx'],
  });
  const ready = new Promise<{ opened: number; failed: number }>((resolve) =>
    child.once('message', (message) => resolve(message as { opened: number; failed: number })),
  );
  const finish = () =>
    new Promise<{ opened: number; failed: number; closedByServer: number }>((resolve) => {
      child.once('message', (message) => resolve(message as never));
      child.send('stop');
    });
  return { ready, finish };
}

const server = await start(join(here, 'app-server.ts'), {});
const holders = HOLDERS.map((address) => holder(server.port, address));
const opened = await Promise.all(holders.map((item) => item.ready));
const samples: { status: number; ms: number }[] = [];
for (let i = 0; i < HEALTH_REQUESTS; i++) samples.push(await health(server.port));
const finished = await Promise.all(holders.map((item) => item.finish()));
const after = await health(server.port);
await stop(server.child);

const ok = samples.filter((sample) => sample.status === 200);
const sorted = ok.map((sample) => sample.ms).sort((a, b) => a - b);
const statuses = Object.entries(
  samples.reduce<Record<string, number>>((counts, sample) => {
    counts[String(sample.status || 'no answer')] = (counts[String(sample.status || 'no answer')] ?? 0) + 1;
    return counts;
  }, {}),
)
  .map(([status, count]) => `${status}: ${count}`)
  .join(', ');
const report = `# Idle connections

Written by \`npx tsx bench/http/idle-connections.ts\` on ${new Date().toISOString().slice(0, 10)}
(${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}, open-file limit ${execSync('ulimit -n', { shell: '/bin/bash' }).toString().trim()}).

${HOLDERS.length} processes open ${IDLE_PER_HOLDER.toLocaleString('en')} connections each to the app and send nothing; then
\`/api/health\` is asked ${HEALTH_REQUESTS} times, one after another, each on a new connection.

| what | figure |
|---|---|
| idle connections opened | ${opened.reduce((sum, item) => sum + item.opened, 0).toLocaleString('en')} (${opened.reduce((sum, item) => sum + item.failed, 0)} refused) |
| closed by the server to make room (idle longest first) | ${finished.reduce((sum, item) => sum + item.closedByServer, 0).toLocaleString('en')} |
| health answers | ${statuses} |
| health latency p50 / p95 / p99 / max (ms) | ${sorted.length ? [50, 95, 99, 100].map((p) => percentile(sorted, p).toFixed(1)).join(' / ') : 'none answered'} |
| health after the flood ended | ${after.status} |

Before the cap (the same flood, the same machine, in the security test that found it): EMFILE in the
server, 500s for about 20 s, and PostgreSQL reconnections failing.
`;
writeFileSync(join(here, '../reports/connections.md'), report);
console.log(report);
