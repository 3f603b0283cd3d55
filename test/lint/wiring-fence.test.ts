import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fence.js';

/**
 * No wiring after construction (eslint.config.js, NO_LATE_WIRING): source code that assigns a hook or a patched
 * method onto another object is refused; a function handed to a constructor, or a class setting its own members,
 * passes. Linted as a file of src/ (ESLint's lintText with a path there: nothing is written into the tree).
 */
const REFUSED: Record<string, string> = {
  'a hook assigned onto another object': 'export function wire(o: { onRound?: () => void }): void {\n  o.onRound = () => undefined;\n}',
  'a method patched on another object': 'export function patch(o: { send(): number }): void {\n  const send = o.send.bind(o);\n  o.send = function () {\n    return send() + 1;\n  };\n}',
  'an observer object assigned onto another object': 'export function observe(host: { observer?: object }): void {\n  host.observer = { tick: 1 };\n}',
  'a hook set on a member of this': 'export class A {\n  readonly b = { onDone: (): void => undefined };\n  wire(): void {\n    this.b.onDone = () => undefined;\n  }\n}',
};

const PASSES = [
  'export class Opener {',
  '  constructor(private readonly onActivated: (ids: string[]) => void = () => undefined) {}',
  '  private handlers: (() => void)[] = [];',
  '  open(ids: string[]): void {',
  '    this.onActivated(ids);',
  '  }',
  '  reset(): void {',
  '    this.handlers = [];',
  '  }',
  '}',
  'export const made = new Opener((ids) => ids.length);',
  '',
].join('\n');

describe('wiring fence', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });
  const file = join(ROOT, 'src/services', `wiring-${process.pid}.ts`);

  it.each(Object.entries(REFUSED))('ESLint refuses %s in src/', async (_name, text) => {
    const [result] = await eslint.lintText(`${text}\n`, { filePath: file });
    const wiring = result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && /after construction/.test(m.message));
    expect(wiring.length, JSON.stringify(result!.messages)).toBeGreaterThan(0);
  });

  it('ESLint passes a hook handed to the constructor and a class setting its own members', async () => {
    const [result] = await eslint.lintText(PASSES, { filePath: file });
    expect(result!.messages).toEqual([]);
  });

  it('the rule reaches the engine too, beside its own restrictions', async () => {
    const [result] = await eslint.lintText(`${REFUSED['a hook assigned onto another object']}\n`, { filePath: join(ROOT, 'src/engine', `wiring-${process.pid}.ts`) });
    expect(result!.messages.some((m) => /after construction/.test(m.message))).toBe(true);
  });
});
