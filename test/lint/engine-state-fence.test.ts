import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fence.js';

/**
 * The engine's state is in parts, each owned by one module (docs/ARCHITECTURE.md, "The engine as a pipeline"): a
 * collection a part keeps is private to its class, so no other stage can change it but through the owner's methods,
 * and what the stages share (`Core`) names no collection of its own.
 */
const ENGINE = join(ROOT, 'src/engine');
const files = [
  ...readdirSync(join(ENGINE, 'pipeline')).map((f) => join(ENGINE, 'pipeline', f)),
  join(ENGINE, 'engine.ts'),
  join(ENGINE, 'dead-man-switch.ts'),
].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Class fields holding a collection (`name = new Map(`…), with whether they are private. */
function collectionFields(text: string): { field: string; private: boolean }[] {
  const out: { field: string; private: boolean }[] = [];
  for (const m of text.matchAll(/^ {2}((?:private |readonly |public )*)(\w+)(?:: [^=\n]+)? = new (?:Map|Set|TriggerBook|PeakWatch)\b/gm)) {
    out.push({ field: m[2]!, private: m[1]!.includes('private') });
  }
  return out;
}

describe('engine state fence', () => {
  it('keeps every collection of a state part private to the module that owns it', () => {
    const open: string[] = [];
    let seen = 0;
    for (const f of files) {
      for (const c of collectionFields(readFileSync(f, 'utf8'))) {
        seen++;
        if (!c.private) open.push(`${f.slice(ROOT.length + 1)}: ${c.field}`);
      }
    }
    expect(seen).toBeGreaterThan(8);
    expect(open).toEqual([]);
  });

  it('finds a collection left open (the check can fail)', () => {
    expect(collectionFields('class X {\n  readonly holders = new Map<string, Set<string>>();\n  private readonly ok = new Set();\n}')).toEqual([
      { field: 'holders', private: false },
      { field: 'ok', private: true },
    ]);
  });

  it('shares no collection through Core: the stages reach each part through its owner', () => {
    const core = readFileSync(join(ENGINE, 'pipeline/core.ts'), 'utf8');
    const body = core.slice(core.indexOf('export interface Core {'));
    const members = body.slice(0, body.indexOf('\n}'));
    expect(members).not.toMatch(/\b(Map|Set|ReadonlySet)</);
    expect(members).toMatch(/readonly books: ReadonlyMap</);
  });
});
