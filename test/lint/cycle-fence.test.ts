import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, Planted, ROOT, type Violation } from '../helpers/fence.js';

/**
 * The layers' fence (.dependency-cruiser.cjs, no-circular and no-folder-cycles): no module imports itself through
 * others, and no two folders import each other, directly or round a ring. Checked with the real dependency-cruiser
 * on files planted for one run in two folders that import neither way today (src/kernel and src/views), removed at
 * once: a ring of two modules in one folder; two folders importing each other through four modules with no ring
 * among them; and a file that imports downwards only, which must pass.
 */
const kernel = new Planted(join(ROOT, 'src/kernel'));
const views = new Planted(join(ROOT, 'src/views'));

afterAll(() => {
  kernel.remove();
  views.remove();
});

describe('layers fence', () => {
  it('dependency-cruiser refuses an import ring and two folders importing each other, and passes an import downwards', { timeout: 120_000 }, async () => {
    let violations: Violation[];
    let ring: string[];
    let folders: string[];
    let clean: string;
    try {
      ring = [
        kernel.plantNamed('a', `import { b } from './${kernel.importName('b')}';\nexport const a = (): number => b() + 1;`),
        kernel.plantNamed('b', `import { a } from './${kernel.importName('a')}';\nexport const b = (): number => a() - 1;`),
      ];
      folders = [
        kernel.plantNamed('x', `import { y } from '../views/${views.importName('y')}';\nexport const x = y;`),
        views.plantNamed('y', 'export const y = 1;'),
        views.plantNamed('z', `import { w } from '../kernel/${kernel.importName('w')}';\nexport const z = w;`),
        kernel.plantNamed('w', 'export const w = 1;'),
      ];
      clean = views.plantNamed('clean', "import { newId } from '../kernel/ids.js';\nexport const id = (): string => newId('pl');");
      violations = await cruise([...ring, ...folders, clean]);
    } finally {
      kernel.remove();
      views.remove();
    }
    const of = (name: string) => violations.filter((v) => v.rule.name === name).map((v) => v.from).sort();
    // A ring is reported once, from one of its modules.
    expect(of('no-circular')).toHaveLength(1);
    expect(ring).toContain(of('no-circular')[0]);
    expect(of('no-folder-cycles')).toEqual(['src/kernel', 'src/views']);
    expect(violations.filter((v) => !['no-circular', 'no-folder-cycles'].includes(v.rule.name))).toEqual([]);
    expect(violations.filter((v) => v.from === clean)).toEqual([]);
  });
});
