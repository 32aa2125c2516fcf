import { describe, expect, it } from 'vitest';
import { lintProblems } from '../../../scripts/lib/lint.ts';

/** The engine stays free of the server, the database and HTTP (eslint.config.js); this keeps the rule firing. */
async function refusedLines(code: string, path: string) {
  return (await lintProblems(code, path))
    .filter((problem) => problem.rule === 'no-restricted-imports')
    .map((problem) => problem.line);
}

const code = `import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { buildApp } from '@flowbay/server/src/app.ts';
import { PRICE_BANDS } from '@flowbay/domain';

export const used = [sql, Pool, buildApp, PRICE_BANDS] as unknown as FastifyInstance;
`;

describe('what the search engine may import', () => {
  it('refuses the server, drizzle, fastify and pg, and allows the contract', async () => {
    expect(await refusedLines(code, 'packages/search/src/fixture.ts')).toEqual([1, 2, 3, 4]);
  }, 120_000);

  it('is the search package’s own rule: another package may use the database libraries', async () => {
    expect(await refusedLines(code, 'packages/domain/src/fixture.ts')).toEqual([4]);
  }, 120_000);
});
