// Lint: the language rules of ESLint and typescript-eslint, and the architecture's boundaries, which would
// otherwise hold only by care. `npm run lint` runs it with --max-warnings 0, and `npm test` runs that.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const features = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Everything in the project outside one part of src, for "imports nothing but …" zones. */
const everywhereBut = (...kept) =>
  ['src/client', 'src/server', 'src/sandbox', 'src/gameServer', 'src/shared', 'scripts', 'test']
    .filter((part) => !kept.includes(part))
    .map((part) => `./${part}`);

const boundaries = [
  // The client and the server never import each other: what both read lives in src/shared.
  { target: './src/client', from: './src/server', message: 'The client reads the server only through src/shared.' },
  { target: './src/server', from: './src/client', message: 'The server reads the client only through src/shared.' },
  // src/shared is the contract: it imports nothing of the project outside itself. Its tests may read the sample
  // data every suite shares (test/fixtures), and nothing else of test/.
  { target: './src/shared', from: everywhereBut('src/shared', 'test'), message: 'src/shared imports nothing outside itself.' },
  { target: './src/shared/**/!(*.test).ts', from: './test', message: 'src/shared imports nothing outside itself.' },
  { target: './src/shared', from: './test', except: ['./fixtures'], message: 'A test of src/shared reads only test/fixtures.' },
  // Production code and the tools never import the tests or their helpers; test helpers kept beside the code they
  // test (src/client/testing, a feature's *TestState.ts) and the tests themselves may read the sample data.
  {
    target: ['./src/{server,sandbox,gameServer}/**/!(*.test).ts', './src/client/!(testing)/**/!(*.test|*TestState).{ts,tsx}', './src/client/*.{ts,tsx}'],
    from: './test',
    message: 'Production code imports nothing of test/.',
  },
  { target: './scripts/**/!(*.test).ts', from: './test', message: 'The tools import nothing of test/: what both use lives in scripts/.' },
  // Shared UI knows no feature: features compose it, never the other way round.
  { target: './src/client/components', from: './src/client/features', message: 'Shared UI (components/) imports no feature.' },
  // The client flows one way: app/ composes (store, routes, layout, start); features, shared UI, the helpers and the
  // store's wiring (wiring/: the root reducer, serverApi and its cache, the typed hooks) never reach up into it.
  {
    target: ['./src/client/features', './src/client/components', './src/client/lib', './src/client/hooks', './src/client/wiring'],
    from: './src/client/app',
    message: 'Nothing below app/ imports it: what features share lives in wiring/, hooks/, lib/ or components/.',
  },
  // The browser helpers (lib/) are plain code: no store, no UI, no feature.
  {
    target: './src/client/lib',
    from: ['./src/client/components', './src/client/features', './src/client/wiring', './src/client/hooks'],
    message: 'lib/ imports none of components/, features/, wiring/ or hooks/ (nor app/, as nothing below it does).',
  },
  // The wiring is what every feature plugs into: it knows none of them.
  { target: './src/client/wiring', from: ['./src/client/features', './src/client/components'], message: 'wiring/ imports no feature and no UI.' },
  // The sandbox stands in for the card provider: it knows the contract and nothing of the store.
  { target: './src/sandbox', from: everywhereBut('src/sandbox', 'src/shared'), message: 'The sandbox imports only src/shared.' },
  // So does the game server's stand-in: the store's events are all it knows of the store.
  { target: './src/gameServer', from: everywhereBut('src/gameServer', 'src/shared'), message: 'The game server stand-in imports only src/shared.' },
  // Features meet only through each other's index.ts.
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: 'A feature reads another feature only through its index.ts.',
  })),
  // The app composes the features: their index.ts, and what it loads lazily with a route (the pages, a sub-area's
  // pages included, the screens a page shares, the feature's sagas). The app's DevTools tests also read the slices, to build the whole store.
  {
    target: './src/client/app/**/!(*.test).{ts,tsx}',
    from: './src/client/features/**',
    except: ['**/src/client/features/*/{index,feature,screens}.ts', '**/src/client/features/*/*Page.tsx', '**/src/client/features/*/*/*Page.tsx'],
    message: 'The app loads a feature through its index.ts, feature.ts, screens.ts or its route pages.',
  },
  {
    target: './src/client/app/**/*.test.{ts,tsx}',
    from: './src/client/features/**',
    except: ['**/src/client/features/*/{index,feature,screens}.ts', '**/src/client/features/*/*Slice.ts', '**/src/client/features/*/*Api.ts'],
    message: "The app's tests read a feature through its entry points, its slice or its API slice.",
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'dist-prerender/**', 'node_modules/**', 'test-results/**', 'docs/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // no-cycle follows only the files it can parse: TypeScript's too.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // Runtime cycles only: `import type` is erased and cannot cycle at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // RTK's lazy-loaded slices declare themselves by merging `interface … extends WithSlice<…> {}` into the store.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**'],
    languageOptions: { globals: { ...globals.jest } },
    // Tests read parsed JSON bodies as `any` and assert their shape field by field.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
