import { describe, expect, it } from 'vitest';
import { environmentOfSecret } from './stdio.js';

describe('rampart mcp: the host a credential is sent to without RAMPART_MCP_URL', () => {
  it('test keys and test tokens go to the sandbox, the others to live', () => {
    expect(environmentOfSecret('rk_test_abc')).toBe('sandbox');
    expect(environmentOfSecret('rat_test_abc')).toBe('sandbox');
    expect(environmentOfSecret('rk_live_abc')).toBe('live');
    expect(environmentOfSecret('rat_live_abc')).toBe('live');
    expect(environmentOfSecret('something_else')).toBe('live');
  });
});
