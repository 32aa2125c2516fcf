import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { basename, dirname, join, relative, resolve } from 'node:path';

/** House rules that keep the layout true (ARCHITECTURE.md, "Rules of the house"). */
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
    'feature-boundaries': {
      meta: {
        type: 'problem',
        messages: {
          cross: 'Features do not import each other: move shared code to lib/ or components/ ({{source}})',
        },
      },
      create(context) {
        const file = relative(process.cwd(), context.filename);
        const own = /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
        const shared = /^apps\/web\/src\/(components|lib|i18n)\//.test(file);
        if (!own && !shared) return {};
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (typeof source !== 'string' || !(source.startsWith('.') || source.startsWith('@/'))) return;
            const target = source.startsWith('@/')
              ? join('apps/web/src', source.slice(2))
              : relative(process.cwd(), resolve(dirname(context.filename), source));
            const feature = /^apps\/web\/src\/features\/([^/]+)/.exec(target)?.[1];
            if (feature && feature !== own) context.report({ node, messageId: 'cross', data: { source } });
          },
        };
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

/** Repositories are the only place that builds queries (ARCHITECTURE.md, "Rules of the house"). */
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
    files: ['apps/web/**'],
    rules: {
      'house/feature-boundaries': 'error',
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
