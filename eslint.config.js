import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    // The chunker's and the layers' fixtures are code in many languages and dialects to be parsed,
    // some broken on purpose, not code of ours.
    ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', 'bench/results/**', 'packages/chunker/test/fixtures/**', 'packages/layers/test/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
      'prefer-const': 'error',
    },
  },
  {
    files: ['**/*.test.ts', 'examples/**', 'bench/**', '**/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // The shells (CLI, HTTP server, MCP server) parse, configure, print and transport; @rag/session
    // wires every pipeline. They import session, core types and a store package, nothing else.
    files: ['packages/cli/**', 'packages/server/**', 'packages/mcp/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@rag/(?!session$|core$|store-sqlite$|store-postgres$|server$|mcp$|test-utils$)',
              message: 'Shell packages import @rag/session (plus @rag/core types and a store package); the pipeline is wired in @rag/session.',
            },
          ],
        },
      ],
    },
  },
)
