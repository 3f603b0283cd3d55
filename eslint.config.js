import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'coverage/', '.bench-data/', '.scratch/', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', setImmediate: 'readonly', URL: 'readonly', URLSearchParams: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Tests read JSON answers whose shape the assertions check.
    files: ['test/**/*.ts', 'src/**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Prices, sizes and money never pass through a float.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Use engine/decimal.ts: no float touches a price, size or amount.' }],
      'no-restricted-properties': ['error', { object: 'Number', property: 'parseFloat', message: 'Use engine/decimal.ts.' }],
    },
  },
  {
    // The engine takes time from the Clock only.
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/clock.ts', 'src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Take time from the Clock.' },
        { object: 'Number', property: 'parseFloat', message: 'Use engine/decimal.ts.' },
      ],
    },
  },
);
