// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lintProblems } from '../../../scripts/lib/lint.ts';

/**
 * The web app's lint rules (eslint.config.js) still fire: its zones and the React hook rules. The
 * fixtures are text, linted without type information (apps/server/src/architecture-lint.test.ts
 * proves the type-aware rules).
 */
const problems = (code: string, path: string) => lintProblems(code, `apps/web/src/${path}`);

const zone = { rule: 'house/web-zones' };

// Linting loads ESLint, its plugins and parsers first: slow on a busy machine.
describe('web lint rules', { timeout: 300_000 }, () => {
  it('refuses a feature importing another feature or app/, and allows its own files and shared code', async () => {
    const code = `import { own } from '../api/own';
import { cn } from '@/lib/cn';
import { Button } from '@/components/ui/button';
import { other } from '@/features/fixture-b/api/other';
import { more } from '../../fixture-b/components/more';
import { PAGE_MODULES } from '@/app/page-modules';
export { shared } from '@/features/fixture-b';
export const later = () => import('@/features/fixture-b/components/more');
export const used = [own, cn, Button, other, more, PAGE_MODULES];
`;
    expect(await problems(code, 'features/fixture-a/components/panel.tsx')).toEqual([
      { ...zone, line: 4 },
      { ...zone, line: 5 },
      { ...zone, line: 6 },
      { ...zone, line: 7 },
      { ...zone, line: 8 },
    ]);
  });

  it('refuses shared folders importing features/ or app/, and lets app/ compose features', async () => {
    const code = `import { own } from '@/features/fixture-a/api/own';
import { PAGE_MODULES } from '../app/page-modules';
import { cn } from './cn';
export const used = [own, PAGE_MODULES, cn];
`;
    const expected = [
      { ...zone, line: 1 },
      { ...zone, line: 2 },
    ];
    expect(await problems(code, 'lib/fixture.ts')).toEqual(expected);
    expect(await problems(code.replace('./cn', '@/lib/cn'), 'components/fixture.tsx')).toEqual(expected);
    expect(await problems(code.replace('../app/', './'), 'app/fixture.tsx')).toEqual([]);
  });

  it('refuses a hook called conditionally and an effect that leaves out what it reads', async () => {
    const code = `import { useEffect, useState } from 'react';

export function Fixture({ open, id }: { open: boolean; id: string }) {
  if (!open) return null;
  const [value, setValue] = useState(id);
  useEffect(() => {
    setValue(id);
  }, []);
  return <p>{value}</p>;
}
`;
    expect(await problems(code, 'features/fixture-a/components/fixture.tsx')).toEqual([
      { rule: 'react-hooks/rules-of-hooks', line: 5 },
      { rule: 'react-hooks/rules-of-hooks', line: 6 },
      { rule: 'react-hooks/exhaustive-deps', line: 8 },
    ]);
  });
});
