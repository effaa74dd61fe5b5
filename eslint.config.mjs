// ESLint for the whole repository: the recommended JavaScript and typescript-eslint rules (no type-aware
// rules, so linting stays fast and needs no build), plus the import boundaries of the libraries, read from
// tools/boundaries/policy.json, the same policy the boundaries test (tools/boundaries) enforces. Formatting is
// Prettier's: `npm run lint` checks it first, `npm run format` applies it.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier/flat';

const root = dirname(fileURLToPath(import.meta.url));
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const policy = readJson(join(root, 'tools/boundaries/policy.json'));

/** Workspace packages whose tag has an allow-list (the libraries), with their folder and allowed imports. */
function restrictedProjects() {
  const workspaces = readJson(join(root, 'package.json')).workspaces ?? [];
  return workspaces.flatMap((pattern) => {
    const parent = join(root, pattern.replace(/\/\*$/, ''));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true }).flatMap((entry) => {
      const manifest = join(parent, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifest)) return [];
      const pkg = readJson(manifest);
      const tag = (pkg.nx?.tags ?? []).find((t) => t.startsWith('type:'));
      const rule = policy.tags[tag];
      if (!rule?.allow) return [];
      return [{ dir: `${pattern.replace(/\/\*$/, '')}/${entry.name}`, name: pkg.name, tag, rule }];
    });
  });
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Everything that is neither relative nor one of `allowed` (or a subpath of one) is restricted. */
function boundaryRules(tag, allowed) {
  const names = allowed.map(escape).join('|');
  const forbidden = `^(?!\\.{1,2}(?:/|$))(?!(?:${names})(?:/|$)).+`;
  const message = `${tag} may import only ${allowed.join(', ')} and its own files (tools/boundaries/policy.json).`;
  // esquery regexes end at the first '/', so the selector spells '/' as \x2F.
  const selectorRegex = forbidden.replaceAll('/', '\\x2F');
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex: forbidden, message }] }],
    'no-restricted-syntax': [
      'error',
      { selector: "CallExpression[callee.name='require']", message: `${tag}: no require(); ${message}` },
      { selector: `ImportExpression[source.value=/${selectorRegex}/]`, message: `${tag}: dynamic import. ${message}` },
    ],
  };
}

const boundaryBlocks = restrictedProjects().flatMap(({ dir, name, tag, rule }) => [
  {
    name: `boundaries/${tag}/${dir}`,
    files: [`${dir}/**/*.{ts,tsx,mts,cts}`],
    rules: boundaryRules(tag, [...rule.allow, name]),
  },
  {
    name: `boundaries/${tag}/${dir}/tests`,
    files: [`${dir}/**/*.{spec,test}.{ts,tsx,mts,cts}`],
    rules: boundaryRules(tag, [...rule.allow, ...(rule.allowInTests ?? []), name]),
  },
]);

export default defineConfig(
  {
    ignores: [
      '**/dist/',
      '**/node_modules/',
      '**/.jest-cache/',
      '**/.nx/',
      '**/coverage/',
      '**/artifacts/',
      '**/.strata/',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'strata/defaults',
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names are deliberate: the exhaustiveness checks (`const _: never = x`), unused arguments.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    name: 'strata/commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    name: 'strata/browser',
    files: ['apps/client/**/*.{ts,tsx,js,jsx}', 'apps/client-e2e/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...boundaryBlocks,
  // Formatting is Prettier's (.prettierrc.json, checked by `npm run lint`): no stylistic rule may disagree with it.
  prettier,
);
