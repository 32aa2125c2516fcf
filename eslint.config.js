import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import { basename, dirname, join, relative, resolve } from 'node:path';

/** The TypeScript projects: type-aware rules and import resolution work inside them. */
const typedFiles = ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'];
/** TypeScript files that no tsconfig holds (tools' own settings), so linted without types. */
const untypedFiles = ['apps/server/drizzle.config.ts'];

/**
 * The web app's zones (docs/architecture.md, "Web app layout"): `app/` composes everything;
 * a folder of `features/` is one feature and imports no other; every other folder of `src/`
 * (components, lib, i18n, ...) is shared by all features and imports neither `features/` nor `app/`.
 */
function webZone(file) {
  const match = /^apps\/web\/src\/([^/]+)\/([^/]*)/.exec(file);
  if (!match) return undefined;
  const [, top, sub] = match;
  if (top === 'features') return sub ? { kind: 'feature', name: sub } : undefined;
  if (top === 'app' || top === 'test') return undefined;
  return { kind: 'shared', name: top };
}

/** Where an import in `file` points, relative to the repository (undefined for a package). */
function importTarget(cwd, file, source) {
  if (source.startsWith('@/')) return join('apps/web/src', source.slice(2));
  if (source.startsWith('.')) return relative(cwd, resolve(dirname(join(cwd, file)), source));
  return undefined;
}

/** Calls `check(node, source)` for every static import, re-export and dynamic import. */
function eachImport(check) {
  const visit = (node) => {
    if (node.source?.type === 'Literal' && typeof node.source.value === 'string')
      check(node, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

/** House rules that keep the layout true (docs/architecture.md, "Module layout", "The repository rule", "Web app layout"). */
const house = {
  rules: {
    'kebab-case-files': {
      meta: { type: 'problem', messages: { name: 'File names are kebab-case: {{name}}' } },
      create(context) {
        const name = basename(context.filename);
        const ok = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.(ts|tsx|js|mjs)$/.test(name);
        return ok ? {} : { Program: (node) => context.report({ node, messageId: 'name', data: { name } }) };
      },
    },
    'web-zones': {
      meta: {
        type: 'problem',
        messages: {
          feature:
            'A feature does not import another feature: move what both need to lib/ or components/, or compose them in app/ ({{source}})',
          app: 'Only app/ and the entry files import app/: pass what is needed down instead ({{source}})',
          shared: '{{zone}}/ is shared by every feature and does not import features/ ({{source}})',
        },
      },
      create(context) {
        const cwd = context.cwd;
        const file = relative(cwd, context.filename);
        const zone = webZone(file);
        if (!zone) return {};
        return eachImport((node, source) => {
          const target = importTarget(cwd, file, source);
          if (!target?.startsWith('apps/web/src/')) return;
          const to = webZone(target);
          const data = { source, zone: zone.name };
          if (/^apps\/web\/src\/app(\/|$)/.test(target)) context.report({ node, messageId: 'app', data });
          else if (to?.kind !== 'feature' || to.name === zone.name) return;
          else context.report({ node, messageId: zone.kind === 'feature' ? 'feature' : 'shared', data });
        });
      },
    },
    'module-boundaries': {
      meta: {
        type: 'problem',
        messages: {
          cross:
            'A server module imports another only through its index.ts or its <feature>.service.ts ({{source}})',
        },
      },
      create(context) {
        const file = relative(process.cwd(), context.filename);
        const own = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
        if (!own) return {};
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (typeof source !== 'string' || !source.startsWith('.')) return;
            const target = relative(process.cwd(), resolve(dirname(context.filename), source));
            const match = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(target);
            if (!match || match[1] === own) return;
            const [, feature, path] = match;
            if (path === 'index.ts' || path === `${feature}.service.ts`) return;
            context.report({ node, messageId: 'cross', data: { source } });
          },
        };
      },
    },
  },
};

/** Repositories are the only place that builds queries (docs/architecture.md, "The repository rule"). */
const queriesOnlyInRepositories = {
  patterns: [
    {
      group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema.ts'],
      message: 'Services and routes do not build queries: call a method of the repository (*.repository.ts).',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'bench/reports/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      // Files that break the rules on purpose; architecture-lint.test.ts lints them.
      '**/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { house },
    rules: {
      'house/kebab-case-files': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Promises are awaited, handled or explicitly voided; only thenables are awaited.
    files: typedFiles,
    ignores: untypedFiles,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // No import cycles: a module graph that loops initialises in an order nobody chose.
    files: typedFiles,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/web/**'],
    rules: {
      'house/web-zones': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation'],
              message:
                'Import useTranslation from @/i18n/use-translation: one shared t, not a copy per component.',
            },
          ],
          patterns: [
            {
              group: ['**/apps/server/**', '@flowbay/server*'],
              message: 'The web app never imports server code.',
            },
            {
              group: ['simple-icons', '@flowbay/workflow-formats/icons'],
              message: 'Brand icons come from /api/icons; simple-icons stays on the server.',
            },
            {
              group: ['@hookform/resolvers/zod'],
              message: 'Import zodResolver from @/lib/zod-resolver: it sets zod up for the CSP first.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**'],
    rules: { 'house/module-boundaries': 'error' },
  },
  {
    files: ['apps/server/src/**/*.service.ts', 'apps/server/src/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', queriesOnlyInRepositories] },
  },
  {
    files: ['packages/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@flowbay/server*', '@flowbay/web*'],
              message: 'Packages never import apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/workflow-formats/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@flowbay/*', '**/apps/**'],
              message: 'workflow-formats depends on nothing else in the project.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/search/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@flowbay/*', '!@flowbay/domain', '**/apps/**', 'drizzle-orm*', 'fastify*', 'pg'],
              message: 'The search engine knows only the contract: no server, database or HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.config.{js,ts}', 'scripts/**', 'bench/**', 'e2e/**', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
