import type { Tx } from '../../store/port.js';

/** The authorization server's keys (services/oauth/keys.ts), kept sealed under this setting, bound to its name. */
export const OAUTH_KEYS_SETTING = 'oauth_keys';

/**
 * Seals a setting kept sealed (bound to its own name) again under another secrets key (`rampart secrets rotate`), in
 * the rotation's transaction: a rotation that left it under the old key would stop the next start. Answers 1 when
 * the setting was there, 0 when not.
 */
export async function resealSetting(
  tx: Tx,
  name: string,
  open: (owner: string, sealed: string) => string,
  seal: (owner: string, plain: string) => string,
): Promise<number> {
  const stored = await tx.getSetting(name);
  if (stored === undefined) return 0;
  await tx.setSetting(name, seal(name, open(name, stored)));
  return 1;
}
