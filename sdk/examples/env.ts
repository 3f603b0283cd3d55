// What the examples share: the client from RAMPART_API_KEY and RAMPART_BASE_URL, and the account to use.
import { Rampart } from '../src/index.js';

export function fromEnv(): Rampart {
  const apiKey = process.env.RAMPART_API_KEY;
  if (!apiKey) throw new Error('set RAMPART_API_KEY (rk_test_… for the sandbox)');
  return new Rampart({ apiKey, ...(process.env.RAMPART_BASE_URL ? { baseUrl: process.env.RAMPART_BASE_URL } : {}) });
}

/** RAMPART_ACCOUNT_ID, or the key's first account. */
export async function accountId(rampart: Rampart): Promise<string> {
  if (process.env.RAMPART_ACCOUNT_ID) return process.env.RAMPART_ACCOUNT_ID;
  const { data } = await rampart.accounts.list({ limit: 1 });
  if (!data[0]) throw new Error('this key reaches no account');
  return data[0].id;
}
