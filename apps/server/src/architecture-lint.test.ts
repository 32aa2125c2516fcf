import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layout rules are enforced by ESLint (eslint.config.js); these fixtures make sure the rules
 * still fire, so a config change cannot switch them off without a failing test.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(code: string, path: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.map((message) => ({ rule: message.ruleId, line: message.line }));
}

const serviceWithQuery = `import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { workflows } from '../../db/schema.ts';

export function createFixtureService(db: Database) {
  return { find: (id: string) => db.select().from(workflows).where(eq(workflows.id, id)) };
}
`;

describe('architecture lint rules', () => {
  it('refuses drizzle-orm and the schema in a service', async () => {
    expect(await problems(serviceWithQuery, 'apps/server/src/modules/fixture/fixture.service.ts')).toEqual([
      { rule: 'no-restricted-imports', line: 1 },
      { rule: 'no-restricted-imports', line: 3 },
    ]);
  });

  it('refuses them in routes too', async () => {
    const routes = serviceWithQuery.replace('createFixtureService', 'fixtureRoutes');
    expect(await problems(routes, 'apps/server/src/modules/fixture/fixture.routes.ts')).toHaveLength(2);
  });

  it('lets a repository build the same query', async () => {
    expect(await problems(serviceWithQuery, 'apps/server/src/modules/fixture/fixture.repository.ts')).toEqual(
      [],
    );
  });

  it("refuses another module's internals and allows its index.ts and service", async () => {
    const code = `import { createWorkflowsRepository } from '../workflows/workflows.repository.ts';
import { publicChanges } from '../workflows/index.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { searchTerms } from '../catalog/catalog.repository.ts';

export const used = [createWorkflowsRepository, publicChanges, searchTerms] as unknown as CatalogService;
`;
    expect(await problems(code, 'apps/server/src/modules/fixture/fixture.service.ts')).toEqual([
      { rule: 'house/module-boundaries', line: 1 },
      { rule: 'house/module-boundaries', line: 4 },
    ]);
  });
});
