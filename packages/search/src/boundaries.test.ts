import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The engine stays free of the server, the database and HTTP (eslint.config.js); this keeps the rule firing. */
const root = fileURLToPath(new URL('../../../', import.meta.url));
// Code given as text is in no tsconfig: linted without type information and the rules that need it.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
    },
  },
});

async function refusedLines(code: string, path: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.line);
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
