import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, Planted, ROOT } from '../helpers/fence.js';

const planted = new Planted(join(ROOT, 'src/http/routes'));

/**
 * The route fence (.dependency-cruiser.cjs, routes-through-facades): a route file reaches the application through
 * the facades of its handler context, never the composition root nor the store. Checked with the real
 * dependency-cruiser on route files planted for one run (it reads files from disk) and removed at once.
 */
const FORBIDDEN: Record<string, string> = {
  'compose.ts': "import type { Services } from '../../compose.js';\nexport type R = Services;",
  'store/port.ts': "import type { Store } from '../../store/port.js';\nexport type S = Store;",
  'store/sqlite': "import { RecordCache } from '../../store/sqlite/cache.js';\nexport const C = RecordCache;",
};
const CLEAN = "import type { AccountsFacade } from '../facades.js';\nexport type A = AccountsFacade;";

describe('route fence', () => {
  afterAll(() => planted.remove());

  it('dependency-cruiser refuses a route that imports the composition root or the store, and passes one that imports the facades', { timeout: 120_000 }, async () => {
    const cases = Object.entries(FORBIDDEN).map(([name, text]) => [name, planted.plant(text)] as const);
    const clean = planted.plant(CLEAN);
    let violations;
    try {
      violations = await cruise([...cases.map(([, f]) => f), clean]);
    } finally {
      planted.remove();
    }
    for (const [name, file] of cases) {
      expect(violations.filter((v) => v.from === file).map((v) => v.rule.name), name).toContain('routes-through-facades');
    }
    expect(violations.filter((v) => v.from === clean)).toEqual([]);
  });
});
