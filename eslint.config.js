import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Wiring is done when an object is made (constructor parameters, a decorator), never by assigning a hook or a
 * patched method onto an object afterwards (STYLE: one composition root; issue 29): code that assigns a function,
 * or anything to an `on…`/`observer` property, of an object other than `this` is refused.
 */
const NO_LATE_WIRING = [
  {
    selector: "AssignmentExpression[left.type='MemberExpression'][left.object.type!='ThisExpression'][right.type=/^(ArrowFunctionExpression|FunctionExpression)$/]",
    message: 'No wiring after construction: hand the function to the constructor (or wrap the object in a decorator) instead of assigning it onto another object.',
  },
  {
    selector: "AssignmentExpression[left.type='MemberExpression'][left.object.type!='ThisExpression'][left.property.name=/^(on[A-Z][A-Za-z]*|observer)$/]",
    message: 'No hook assigned after construction: hand it to the constructor.',
  },
];

/** Timer functions: the engine never schedules, it is called (ticks, commands, clock moves). */
const ENGINE_TIMERS = ['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask'];

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'sdk/dist/', 'coverage/', '.bench-data/', '.scratch/', '.dependency-cruiser.cjs'] },
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
    files: ['test/**/*.ts', 'src/**/*.test.ts', 'sdk/test/**/*.ts', 'sdk/scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Prices, sizes and money never pass through a float.
    files: ['src/**/*.ts', 'sdk/src/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Use engine/decimal.ts: no float touches a price, size or amount.' }],
      'no-restricted-properties': ['error', { object: 'Number', property: 'parseFloat', message: 'Use engine/decimal.ts.' }],
      'no-restricted-syntax': ['error', ...NO_LATE_WIRING],
    },
  },
  {
    // The engine is pure (STYLE): time only from the Clock, no randomness, no timers, no I/O. Tests may use them.
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Take time from the Clock.' },
        { object: 'Math', property: 'random', message: 'The engine is deterministic: take randomness as an input.' },
        { object: 'Number', property: 'parseFloat', message: 'Use engine/decimal.ts.' },
        ...ENGINE_TIMERS.map((property) => ({ object: 'globalThis', property, message: 'No timers in the engine: time comes from the Clock.' })),
        { object: 'performance', property: 'now', message: 'Take time from the Clock.' },
        { object: 'process', property: 'hrtime', message: 'Take time from the Clock.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Use engine/decimal.ts: no float touches a price, size or amount.' },
        ...ENGINE_TIMERS.map((name) => ({ name, message: 'No timers in the engine: time comes from the Clock.' })),
      ],
      'no-restricted-syntax': [
        'error',
        ...NO_LATE_WIRING,
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'new Date() reads the time: take it from the Clock (new Date(t) is fine).' },
        { selector: "CallExpression[callee.name='Date']", message: 'Date() reads the time: take it from the Clock.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: 'The engine does no I/O: no Node core module.' })),
          patterns: [
            { group: ['node:*'], message: 'The engine does no I/O: no node: core module.' },
            { group: ['**/config/*', '**/config'], message: 'The engine is given its settings as values, not read from config/.' },
            { group: ['pino', 'pino/*'], message: 'The engine does not log: it returns values and rejections.' },
          ],
        },
      ],
    },
  },
  {
    // The system clock is where the engine's time comes from.
    files: ['src/engine/clock.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'The engine is deterministic.' }] },
  },
);
