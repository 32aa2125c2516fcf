import { describe, expect, it } from 'vitest';
import { lintFileProblems, lintProblems as problems } from '../../../scripts/lib/lint.ts';

/**
 * The layout rules are enforced by ESLint (eslint.config.js); these fixtures make sure the rules
 * still fire, so a config change cannot switch them off without a failing test. Files in
 * test/lint-fixtures/ break rules on purpose (ESLint's own run skips them).
 */
const fixtureProblems = (name: string) => lintFileProblems(`apps/server/src/test/lint-fixtures/${name}`);

const serviceWithQuery = `import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { workflows } from '../../db/schema.ts';

export function createFixtureService(db: Database) {
  return { find: (id: string) => db.select().from(workflows).where(eq(workflows.id, id)) };
}
`;

// Linting loads ESLint, its plugins and (for the fixtures' files) the TypeScript program: slow on a
// busy machine.
describe('architecture lint rules', { timeout: 300_000 }, () => {
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

  it('refuses a floating promise, a promise where nothing awaits it and an await of a non-promise', async () => {
    expect(await fixtureProblems('promises.ts')).toEqual([
      { rule: '@typescript-eslint/no-floating-promises', line: 5 },
      { rule: '@typescript-eslint/no-misused-promises', line: 6 },
      { rule: '@typescript-eslint/await-thenable', line: 10 },
    ]);
  });

  it('refuses an import cycle', async () => {
    expect(await fixtureProblems('cycle-a.ts')).toEqual([{ rule: 'import-x/no-cycle', line: 3 }]);
  });
});
