/**
 * Linting code from the tests that prove the rules of eslint.config.js still fire
 * (apps/server/src/architecture-lint.test.ts, apps/web/src/architecture-lint.test.ts).
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Code given as text is in no tsconfig, so it is linted without type information and without the
 * rules that need it; files of a lint-fixtures/ folder are linted with everything (`withTypes`).
 */
const withoutTypes = new ESLint({
  cwd: REPOSITORY_ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
    },
  },
});
/** Ignores are off: lint-fixtures/ folders, which ESLint's own run skips, are linted here. */
const withTypes = new ESLint({ cwd: REPOSITORY_ROOT, ignore: false });

export interface Problem {
  rule: string | null;
  line: number;
}

const problemsOf = (results: ESLint.LintResult[]): Problem[] =>
  results[0]!.messages.map((message) => ({ rule: message.ruleId, line: message.line }));

/** The problems ESLint finds in `code` as if it were the file at `path` (relative to the repository). */
export async function lintProblems(code: string, path: string): Promise<Problem[]> {
  return problemsOf(await withoutTypes.lintText(code, { filePath: `${REPOSITORY_ROOT}${path}` }));
}

/** The problems ESLint finds in the file at `path` (relative to the repository), type-aware rules included. */
export async function lintFileProblems(path: string): Promise<Problem[]> {
  return problemsOf(await withTypes.lintFiles([path]));
}
