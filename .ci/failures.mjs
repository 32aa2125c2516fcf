// Names the failed tests of Vitest and Playwright JSON reports, so the end of CI's log (often all
// that is kept) says what failed: `node .ci/failures.mjs <report.json>…`.
import { existsSync, readFileSync } from 'node:fs';

const failed = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failed.push(`${file}: no report (the run did not finish)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // Vitest: testResults[].assertionResults[]
  for (const result of report.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      if (test.status === 'failed')
        failed.push(`${result.name}: ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (result.status === 'failed' && (result.assertionResults ?? []).length === 0)
      failed.push(`${result.name}: ${firstLine(result.message)}`);
  }
  // Playwright: suites[] of specs[] of tests[] with results[]
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failed.push(
            `${spec.file}:${spec.line} [${test.projectName}] ${[...trail, spec.title].join(' › ')}: ${firstLine(error)}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title].filter(Boolean));
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

/** Terminal colour codes (ESC [ … m) in messages. */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function firstLine(text) {
  return (
    String(text ?? '')
      .replace(COLOUR, '')
      .split('\n')
      .find((line) => line.trim()) ?? ''
  );
}

for (const line of failed.slice(0, 40)) console.log(`FAILED ${line.slice(0, 400)}`);
if (failed.length > 40) console.log(`… and ${failed.length - 40} more`);
