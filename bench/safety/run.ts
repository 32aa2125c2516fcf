/**
 * `npm run bench -- safety`: the safety check (checkSafety) over the clean corpus and 300 risky
 * variants of it (scripts/safety/variants.ts), written to bench/reports/safety.md: found / planted
 * per pattern, high-severity false alarms on clean files (must be 0: exits 1 otherwise), findings per
 * 100 clean files, time per file (p50 / p95) and on 5 MB files. SAFETY_EXTRA_CORPUS=<folder> adds a
 * wider sample of real exports, reported apart (its high findings are listed for review), described
 * in the report by SAFETY_EXTRA_CORPUS_SOURCE when set.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import {
  SafetyFinding as DomainFinding,
  SetupEstimate as DomainSetup,
} from '../../packages/domain/src/checks.ts';
import {
  MAX_EXPORT_BYTES,
  MAX_NODES,
  SAFETY_RULE_CODES,
  SAFETY_SEVERITIES,
  checkExport,
  checkSafety,
  type SafetyFinding,
  type SetupEstimate,
} from '../../packages/workflow-formats/src/index.ts';
import {
  VARIANT_PATTERNS,
  plantRiskyVariants,
  type CleanExport,
} from '../../packages/workflow-formats/src/safety-variants.ts';
import { ROOT, cleanCorpus, extraCorpus } from '../../scripts/safety/corpus.ts';

// The package repeats the contract's shapes; these lines stop compiling if the two drift apart.
const toDomain = (finding: SafetyFinding): DomainFinding => finding;
const fromDomain = (finding: Omit<DomainFinding, 'code'> & { code: SafetyFinding['code'] }): SafetyFinding =>
  finding;
const setupToDomain = (setup: SetupEstimate): DomainSetup => setup;
void fromDomain;

const REPORT = join(ROOT, 'bench/reports/safety.md');

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Median of `runs` timed runs after one warm-up. */
function timeOf(run: () => unknown, runs: number): number {
  run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return percentile(samples, 50);
}

let invalid = 0;
function validate(findings: SafetyFinding[]): SafetyFinding[] {
  for (const finding of findings) if (!DomainFinding.safeParse(toDomain(finding)).success) invalid++;
  return findings;
}

interface Measured {
  files: number;
  times: number[];
  byCode: Map<string, number>;
  bySeverity: Map<string, number>;
  publicCount: number;
  high: { file: string; finding: SafetyFinding }[];
}

function measure(files: CleanExport[], runs: number): Measured {
  const result: Measured = {
    files: files.length,
    times: [],
    byCode: new Map(),
    bySeverity: new Map(),
    publicCount: 0,
    high: [],
  };
  for (const file of files) {
    const findings = validate(checkSafety(file.text));
    result.times.push(timeOf(() => checkSafety(file.text), runs));
    for (const finding of findings) {
      result.byCode.set(finding.code, (result.byCode.get(finding.code) ?? 0) + 1);
      result.bySeverity.set(finding.severity, (result.bySeverity.get(finding.severity) ?? 0) + 1);
      if (finding.public) result.publicCount++;
      if (finding.severity === 'high') result.high.push({ file: file.name, finding });
    }
  }
  result.times.sort((a, b) => a - b);
  return result;
}

const per100 = (count: number, files: number) => ((100 * count) / Math.max(1, files)).toFixed(1);
const ms = (value: number) => value.toFixed(2);

function findingsTable(measured: Measured): string {
  const rows = SAFETY_RULE_CODES.filter((code) => measured.byCode.has(code)).map(
    (code) =>
      `| \`${code}\` | ${measured.byCode.get(code)} | ${per100(measured.byCode.get(code)!, measured.files)} |`,
  );
  return ['| code | findings | per 100 files |', '|---|---|---|', ...rows].join('\n');
}

function severityLine(measured: Measured): string {
  const total = [...measured.byCode.values()].reduce((a, b) => a + b, 0);
  const parts = [...SAFETY_SEVERITIES]
    .reverse()
    .map((severity) => `${severity} ${per100(measured.bySeverity.get(severity) ?? 0, measured.files)}`);
  return `${per100(total, measured.files)} findings per 100 files (${parts.join(', ')}; public ones ${per100(measured.publicCount, measured.files)}).`;
}

// --- Clean corpus -------------------------------------------------------------------------------

const { files: clean, sources } = cleanCorpus();
const cleanMeasured = measure(clean, 5);

// --- Risky variants -----------------------------------------------------------------------------

const variants = plantRiskyVariants(clean, 300);
const byPattern = new Map<string, { planted: number; found: number; codes: Set<string> }>();
const byPlantedCode = new Map<string, { planted: number; found: number }>();
const missed: string[] = [];
const variantTimes: number[] = [];
for (const variant of variants) {
  const findings = validate(checkSafety(variant.text));
  variantTimes.push(timeOf(() => checkSafety(variant.text), 3));
  const { code, node, detail } = variant.planted;
  const found = findings.some(
    (finding) =>
      finding.code === code && finding.node === node && (detail === undefined || finding.detail === detail),
  );
  const pattern = byPattern.get(variant.pattern) ?? { planted: 0, found: 0, codes: new Set() };
  pattern.planted++;
  pattern.codes.add(code);
  if (found) pattern.found++;
  byPattern.set(variant.pattern, pattern);
  const perCode = byPlantedCode.get(code) ?? { planted: 0, found: 0 };
  perCode.planted++;
  if (found) perCode.found++;
  byPlantedCode.set(code, perCode);
  if (!found) missed.push(`${variant.name} (${code}${detail ? ` ${detail}` : ''})`);
}
variantTimes.sort((a, b) => a - b);
const foundTotal = [...byPattern.values()].reduce((sum, p) => sum + p.found, 0);

// --- Hidden on purpose -------------------------------------------------------------------------

/** Code that hides what it does: what the literal-text rules see and what they cannot. */
const EVASIONS: [label: string, code: string, rule: SafetyFinding['code']][] = [
  ['backquoted module name', 'const cp = require(`child_process`);', 'code_child_process'],
  ['spaces and node: prefix', 'const cp = require ( "node:child_process" );', 'code_child_process'],
  ['module name in a variable', "const m = 'child_process'; const cp = require(m);", 'code_child_process'],
  ['module name split in two', "const cp = require('child' + '_process');", 'code_child_process'],
  ['require reached by a computed name', "globalThis['req' + 'uire']('fs');", 'code_fs'],
  [
    'module name in base64',
    "require(Buffer.from('Y2hpbGRfcHJvY2Vzcw==', 'base64').toString());",
    'code_child_process',
  ],
  ['eval reached by a computed name', "globalThis['ev' + 'al']($json.src);", 'code_eval'],
  ['Function constructor of a function', "(function () {}).constructor('return process')();", 'code_eval'],
  ['Function constructor of an array', "[].constructor.constructor('return process')();", 'code_eval'],
  ['paste site URL split in two', "await fetch('https://paste' + 'bin.com/raw/x');", 'http_paste_site'],
  ['paste site URL in a template', 'await fetch(`https://pastebin.com/raw/${id}`);', 'http_paste_site'],
];
const evasionRows = EVASIONS.map(([label, code, rule]) => {
  const text = JSON.stringify({
    nodes: [
      {
        id: 'a',
        name: 'Code',
        type: 'n8n-nodes-base.code',
        typeVersion: 2,
        position: [0, 0],
        parameters: { jsCode: code },
      },
    ],
    connections: {},
  });
  const findings = checkSafety(text);
  const other = findings.filter((finding) => finding.severity === 'high' && finding.code !== rule);
  const result = findings.some((finding) => finding.code === rule)
    ? 'found'
    : other.length > 0
      ? `flagged as ${other.map((finding) => `\`${finding.code}\` (${finding.detail ?? ''})`).join(', ')}`
      : '**not seen**';
  return `| ${label} | \`\` ${code.replace(/\|/g, '\\|')} \`\` | \`${rule}\` | ${result} |`;
});

// --- 5 MB files ---------------------------------------------------------------------------------

function largeN8nCopies(): string {
  const source = JSON.parse(
    readFileSync(
      join(
        ROOT,
        'packages/workflow-formats/test/fixtures/n8n/Zie619--workflows__Webhook__1897_Webhook_Filter_Sync_Webhook.json',
      ),
      'utf8',
    ),
  ) as { nodes: { name: string; id?: string }[] };
  const nodes: unknown[] = [];
  let size = 0;
  for (let copy = 0; ; copy++) {
    const batch = source.nodes.map((node) => ({
      ...node,
      name: `${node.name} (${copy})`,
      id: `${node.id}-${copy}`,
    }));
    const addition = JSON.stringify(batch).length;
    if (size + addition > MAX_EXPORT_BYTES - 64 * 1024 || nodes.length + batch.length > MAX_NODES) break;
    nodes.push(...batch);
    size += addition;
  }
  return JSON.stringify({ name: 'Generated 5 MB export', nodes, connections: {} });
}

/** 2,000 Code nodes of 2.4 KB of code each, every one with a risky pattern to report. */
function largeCodeNodes(): string {
  const code = `${'const x = items.map((item) => item.json.value * 2);\n'.repeat(45)}const cp = require('child_process');`;
  const nodes = Array.from({ length: 2000 }, (_, i) => ({
    id: `c${i}`,
    name: `Code ${i}`,
    type: 'n8n-nodes-base.code',
    typeVersion: 2,
    position: [i * 10, 0],
    parameters: { jsCode: code },
  }));
  return JSON.stringify({ name: 'Many code nodes', nodes, connections: {} });
}

/** One Code node holding almost 5 MB of code (only MAX_SCANNED_PER_NODE characters are read). */
function oneHugeCodeNode(): string {
  const jsCode = "let s = 'aGVsbG8gd29ybGQ=';\n".repeat(Math.floor((MAX_EXPORT_BYTES - 4096) / 32));
  return JSON.stringify({
    name: 'One huge code node',
    nodes: [
      {
        id: 'a',
        name: 'Code',
        type: 'n8n-nodes-base.code',
        typeVersion: 2,
        position: [0, 0],
        parameters: { jsCode },
      },
    ],
    connections: {},
  });
}

const large = [
  ['copies of the largest corpus workflow', largeN8nCopies()],
  ['2,000 Code nodes with child_process', largeCodeNodes()],
  ['one Code node of ~5 MB', oneHugeCodeNode()],
].map(([label, text]) => {
  const findings = checkSafety(text!);
  const check = checkExport(text!, { redact: true });
  if (check.ok) setupToDomain(check.setup);
  return {
    label: label!,
    mb: (Buffer.byteLength(text!) / 1024 / 1024).toFixed(2),
    findings: findings.length,
    safety: timeOf(() => checkSafety(text!), 5),
    wholeCheck: timeOf(() => checkExport(text!, { redact: true }), 3),
  };
});

// --- Wider sample -------------------------------------------------------------------------------

const extra = extraCorpus();
const extraMeasured = extra ? measure(extra.files, 1) : undefined;

// --- Report -------------------------------------------------------------------------------------

const cleanHigh = cleanMeasured.high;
const patternRows = VARIANT_PATTERNS.filter((pattern) => byPattern.has(pattern.id)).map((pattern) => {
  const p = byPattern.get(pattern.id)!;
  return `| ${pattern.id} | ${[...p.codes].map((c) => `\`${c}\``).join(', ')} | ${p.found} / ${p.planted} |`;
});
const codeRows = [...byPlantedCode.entries()]
  .sort(([a], [b]) => SAFETY_RULE_CODES.indexOf(a as never) - SAFETY_RULE_CODES.indexOf(b as never))
  .map(([code, p]) => `| \`${code}\` | ${p.found} / ${p.planted} |`);

const extraSection = (() => {
  if (!extra || !extraMeasured) return 'Not run this time (set SAFETY_EXTRA_CORPUS to a folder of exports).';
  const newRuleHigh = extraMeasured.high.filter(({ finding }) => finding.code !== 'secret');
  const byHighCode = new Map<string, number>();
  for (const { finding } of extraMeasured.high)
    byHighCode.set(finding.code, (byHighCode.get(finding.code) ?? 0) + 1);
  const reviewed = newRuleHigh
    .filter(({ finding }) => finding.code !== 'execute_command')
    .map(({ file, finding }) => `- \`${finding.code}\` ${finding.detail ?? ''} in ${file.split('/').pop()}`);
  const source = process.env.SAFETY_EXTRA_CORPUS_SOURCE ?? extra.dir;
  return `${extra.files.length} files from ${source}; ${severityLine(extraMeasured)}
Time per file: p50 ${ms(percentile(extraMeasured.times, 50))} ms, p95 ${ms(percentile(extraMeasured.times, 95))} ms, max ${ms(extraMeasured.times.at(-1) ?? 0)} ms.

${findingsTable(extraMeasured)}

High findings by code: ${[...byHighCode.entries()].map(([code, n]) => `\`${code}\` ${n}`).join(', ') || 'none'}.
\`secret\` comes from the existing secret scan (an upload with one is refused or redacted, so it
never reaches a listing); \`execute_command\` names the node type itself. The other high findings,
each to be read against the file (a true finding is not a false alarm):

${reviewed.join('\n') || '(none)'}`;
})();

const report = `# Safety check benchmark

Generated by \`npm run bench -- safety\` (bench/safety/run.ts) on ${new Date().toISOString().slice(0, 10)},
Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}. Times in milliseconds, the
median of 5 runs per file (3 per variant) after a warm-up.

## Clean corpus

${clean.length} clean exports: ${sources.join(', ')}; \`n8n/\`, \`make/\` and \`zapier/\` only, each file once.

- **High-severity findings on clean files: ${cleanHigh.length}**${cleanHigh.length ? ` (${cleanHigh.map(({ file, finding }) => `\`${finding.code}\` in ${file}`).join('; ')})` : ''}.
- ${severityLine(cleanMeasured)}
- Time per file: p50 ${ms(percentile(cleanMeasured.times, 50))} ms, p95 ${ms(percentile(cleanMeasured.times, 95))} ms, max ${ms(cleanMeasured.times.at(-1) ?? 0)} ms.

${findingsTable(cleanMeasured)}

## Risky variants

${variants.length} variants planted into the clean files (scripts/safety/variants.ts; each names the finding,
node and detail it plants). Found: **${foundTotal} / ${variants.length}**. A planted finding counts as found only
when a finding of its code names the planted node with the planted detail (host, module, package).
Time per variant: p50 ${ms(percentile(variantTimes, 50))} ms, p95 ${ms(percentile(variantTimes, 95))} ms.

| pattern | planted finding | found / planted |
|---|---|---|
${patternRows.join('\n')}

| planted code | found / planted |
|---|---|
${codeRows.join('\n')}

${missed.length ? `Missed: ${missed.join(', ')}.` : 'None missed.'}

These variants are written from the platforms' export shapes by the same people who wrote the rules:
they show that each rule fires on the shapes it was written for, not how the rules fare against an
author who hides what the code does (string concatenation, \`globalThis['req' + 'uire']\`, hosts
built at run time). A finding's absence is not proof of safety.

## Code that hides what it does

Not among the 300: single Code nodes written to hide from literal-text rules, to show where the
rules stop. "Not seen" here is a known limit (decision 0165), not a regression.

| trick | code | rule aimed at | result |
|---|---|---|---|
${evasionRows.join('\n')}

## 5 MB files

| file | size | findings | checkSafety | whole upload check (parse, secrets, safety, setup) |
|---|---|---|---|---|
${large.map((l) => `| ${l.label} | ${l.mb} MB | ${l.findings} | ${ms(l.safety)} | ${ms(l.wholeCheck)} |`).join('\n')}

## Wider sample

${extraSection}

All ${cleanMeasured.byCode.size ? 'findings' : 'findings (none)'} above were checked against the contract's zod schema
(\`SafetyFinding\` in packages/domain/src/checks.ts): ${invalid} invalid.
`;

mkdirSync(join(ROOT, 'bench/reports'), { recursive: true });
writeFileSync(REPORT, report);
console.log(report);
if (cleanHigh.length > 0 || invalid > 0) {
  console.error(`${cleanHigh.length} high findings on clean files, ${invalid} findings outside the contract`);
  process.exit(1);
}
