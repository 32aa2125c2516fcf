/**
 * Downloads benchmark: `/api/health` latency while 20 clients download the largest allowed free
 * workflow at once, through each of the three routes that serve a workflow file (the API's download
 * and n8n's two template routes), and through two of them again asking for compression as browsers
 * do. The app runs in its own process (bench/uploads/download-server.ts, PGlite), health is sampled
 * from another (health-sampler.ts), loopback only.
 *
 * Usage: [BENCH_ROOT=<checkout>] [BENCH_LABEL=<name>] npx tsx bench/uploads/download-stall.ts
 * BENCH_ROOT runs another checkout's app (e.g. the code before a change, in a git worktree, labelled "before").
 * Each label's figures are kept in bench/reports/downloads.json; all of them go into the downloads
 * section of bench/reports/uploads.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Figures, healthDuring, latencyFigures } from '../lib/latency.ts';
import { stop } from '../lib/processes.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const reports = join(here, '../reports');
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const root = process.env.BENCH_ROOT ?? repoRoot;
const label = process.env.BENCH_LABEL ?? (root === repoRoot ? 'after' : 'before');
const CLIENTS = 20;
const DOWNLOADS_PER_CLIENT = 10;
const BROWSER_ENCODINGS = 'gzip, deflate, br';
export const SECTION_MARK = '<!-- downloads: bench/uploads/download-stall.ts writes from here on -->';

/**
 * One GET from a loopback address of its own (127.0.0.0/8 is all loopback on Linux): each client is
 * a different visitor, as twenty people downloading would be. Answers the status and the body's size.
 */
function download(
  url: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, agent: false, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Result {
  route: string;
  statuses: string[];
  downloads: number;
  seconds: number;
  /** Bytes of answers per second, over the whole scenario. */
  megabytesPerSecond: number;
  bodyBytes: number;
  health: Figures;
}

interface Run {
  date: string;
  /** The machine's 1-minute load average at the end of the run (it is shared). */
  load: number;
  storedBytes: number;
  idle: Figures;
  results: Result[];
}

async function run() {
  const ready = await startWithPayload();
  const base = `http://127.0.0.1:${ready.port}`;
  // Browsers (and n8n's editor, which runs in one) ask for compressed answers; curl does not.
  const browser = { 'accept-encoding': BROWSER_ENCODINGS };
  const routes: { path: string; headers?: Record<string, string> }[] = [
    { path: `/api/workflows/${ready.workflow.id}/download` },
    { path: `/n8n/templates/workflows/${ready.workflow.number}` },
    { path: `/n8n/workflows/templates/${ready.workflow.number}` },
    { path: `/api/workflows/${ready.workflow.id}/download`, headers: browser },
    { path: `/n8n/templates/workflows/${ready.workflow.number}`, headers: browser },
  ];
  try {
    // One download per route first (from an address no client uses), so nothing is timed cold.
    for (const route of routes) await download(`${base}${route.path}`, '127.0.1.1', route.headers);
    const idle = latencyFigures(
      await healthDuring(base, () => new Promise((resolve) => setTimeout(resolve, 1_000))),
    );
    const results: Result[] = [];
    for (const route of routes) {
      const statuses = new Set<string>();
      let bytes = 0;
      let downloads = 0;
      let bodyBytes = 0;
      const started = performance.now();
      const latencies = await healthDuring(base, () =>
        Promise.all(
          Array.from({ length: CLIENTS }, async (_, client) => {
            for (let round = 0; round < DOWNLOADS_PER_CLIENT; round++) {
              const answer = await download(`${base}${route.path}`, `127.0.2.${client + 1}`, route.headers);
              statuses.add(String(answer.status));
              bytes += answer.bytes;
              downloads += 1;
              if (answer.status === 200) bodyBytes = answer.bytes;
            }
          }),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      results.push({
        route: `\`${route.path.replace(ready.workflow.id, ':id').replace(String(ready.workflow.number), ':id')}\`${route.headers ? ` (Accept-Encoding: ${BROWSER_ENCODINGS})` : ''}`,
        statuses: [...statuses],
        downloads,
        seconds,
        megabytesPerSecond: bytes / 1024 / 1024 / seconds,
        bodyBytes,
        health: latencyFigures(latencies),
      });
      console.log(results.at(-1));
    }
    writeReport(label, {
      date: new Date().toISOString().slice(0, 10),
      load: loadavg()[0]!,
      storedBytes: ready.storedBytes,
      idle,
      results,
    });
  } finally {
    await stop(ready.child);
  }
}

/** Starts the app's process and answers its port and the workflow it made. */
function startWithPayload(): Promise<{
  child: ChildProcess;
  port: number;
  workflow: { id: string; number: number };
  storedBytes: number;
}> {
  return new Promise((resolve, reject) => {
    const child = fork(join(root, 'bench/uploads/download-server.ts'), {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`download-server.ts exited with ${code}`)));
    child.on(
      'message',
      (message: {
        ready?: boolean;
        port: number;
        workflow: { id: string; number: number };
        storedBytes: number;
      }) => {
        if (message.ready) resolve({ child, ...message });
      },
    );
  });
}

function writeReport(name: string, latest: Run) {
  const jsonPath = join(reports, 'downloads.json');
  const runs: Record<string, Run> = existsSync(jsonPath) ? JSON.parse(readFileSync(jsonPath, 'utf8')) : {};
  runs[name] = latest;
  writeFileSync(jsonPath, `${JSON.stringify(runs, null, 2)}\n`);
  const ms = (value: number) => value.toFixed(1);
  const mb = (value: number) => (value / 1024 / 1024).toFixed(2);
  const sections = Object.entries(runs).map(([runName, { date, load, storedBytes, idle, results }]) => {
    const rows = results.map(
      (result) =>
        `| ${result.route.startsWith('`') ? result.route : `\`${result.route}\``} | ${mb(result.bodyBytes)} MB | ${result.statuses.join(', ')} | ${result.downloads} in ${result.seconds.toFixed(2)} s | ${result.megabytesPerSecond.toFixed(1)} MB/s | ${result.health.samples} | ${ms(result.health.p50)} | ${ms(result.health.p95)} | ${ms(result.health.p99)} | ${ms(result.health.max)} |`,
    );
    return `### ${runName} (${date}, load average ${load.toFixed(1)} on ${cpus().length} cores, stored file ${mb(storedBytes)} MB)

Idle: p50 ${ms(idle.p50)} ms, p95 ${ms(idle.p95)} ms, p99 ${ms(idle.p99)} ms, max ${ms(idle.max)} ms (${idle.samples} samples).

| route | answer | statuses | downloads | throughput | health samples | p50 ms | p95 ms | p99 ms | max ms |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
  });
  const reportPath = join(reports, 'uploads.md');
  const current = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  const uploadsPart = current.split(SECTION_MARK)[0]!.trimEnd();
  writeFileSync(
    reportPath,
    `${uploadsPart}

${SECTION_MARK}

## Downloads: /api/health while 20 clients download the largest allowed file

Generated by \`npx tsx bench/uploads/download-stall.ts\` (after) and \`BENCH_ROOT=<checkout before> npx tsx bench/uploads/download-stall.ts\` (before), Node ${process.version},
${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, PGlite, the real app in its own process with one listed
free workflow: \`largeN8nExport(9_000)\` (apps/server/src/test/large-export.ts), the 9,000-node export the
uploads bench also uses (the limits: 5 MB, 10,000 nodes). For each route, ${CLIENTS} clients (each from its own
loopback address) download it ${DOWNLOADS_PER_CLIENT} times one after another, all at once, after one warm-up
download per route; health is requested one call after another (10 ms apart) from another process for
as long as they run. The last two rows ask for compression as browsers do. Throughput counts the bytes of all
answers as sent (compressed where they were), the answer column one answer's. The generated export repeats
one sentence, so it compresses about 70 to 1: real exports compress less and cost more to compress. Budget (docs/architecture.md): health
within 100 ms while large files are downloaded. The machine is shared: read before against after.

${sections.join('\n')}`,
  );
}

await run();
