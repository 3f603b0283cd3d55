import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { open, seal, SealError, sealedKeyId, secretKey, type SecretKey } from './sealed.js';

/** Where the keys come from: RAMPART_SECRETS_KEY, the key file in the data directory, or memory (a :memory: store). */
export type KeySource = { readonly kind: 'env' } | { readonly kind: 'file'; readonly path: string } | { readonly kind: 'memory' };

export function describeSource(source: KeySource): string {
  return source.kind === 'env' ? 'RAMPART_SECRETS_KEY' : source.kind === 'file' ? `the key file ${source.path}` : 'the in-memory key';
}

/** RAMPART_SECRETS_KEY: the base64 of 32 bytes (padding optional); undefined when it is not that. */
export function parseKey(text: string): SecretKey | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? secretKey(bytes) : undefined;
}

/**
 * The key file: one base64 key a line, '#' comments. The first key seals; the others still open what they sealed
 * (they are there only while a rotation runs, so a crash in the middle loses nothing).
 */
export function readKeyFile(path: string): SecretKey[] {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const keys = lines.map((l, i) => {
    const key = parseKey(l);
    if (!key) throw new SealError(`${path}: line ${i + 1} of its keys is not the base64 of 32 bytes`);
    return key;
  });
  if (keys.length === 0) throw new SealError(`${path} holds no key`);
  return keys;
}

/** Writes the key file whole or not at all: a 0600 temp file, synced, renamed over the old one, directory synced. */
export function writeKeyFile(path: string, keys: readonly SecretKey[]): void {
  const tmp = `${path}.tmp-${process.pid}`;
  const text = [
    '# Rampart secrets key (seals webhook signing secrets at rest). Keep it private and back it up with the database:',
    '# without it the sealed secrets cannot be opened. The first key seals; any other is a previous one.',
    ...keys.map((k) => k.bytes.toString('base64')),
    '',
  ].join('\n');
  rmSync(tmp, { force: true });
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** Seals and opens secrets with the current key; opens with any key it holds, reloading the key file once when a value names a key it lacks (a rotation by `rampart secrets rotate` while this process runs). */
export class SecretBox {
  private keys: SecretKey[];

  constructor(
    keys: readonly SecretKey[],
    readonly source: KeySource,
  ) {
    if (keys.length === 0) throw new SealError('a secret box needs a key');
    this.keys = [...keys];
  }

  get current(): SecretKey {
    return this.keys[0]!;
  }

  get keyIds(): string[] {
    return this.keys.map((k) => k.id);
  }

  key(id: string): SecretKey | undefined {
    return this.keys.find((k) => k.id === id);
  }

  seal(owner: string, plain: string): string {
    return seal(this.current, owner, plain);
  }

  open(owner: string, value: string): string {
    const id = sealedKeyId(value);
    let key = this.keys.find((k) => k.id === id);
    if (!key && id !== undefined && this.source.kind === 'file' && existsSync(this.source.path)) {
      this.keys = readKeyFile(this.source.path);
      key = this.keys.find((k) => k.id === id);
    }
    if (!key) throw new SealError(id === undefined ? 'not a sealed value' : `sealed with key ${id}, which is not in ${describeSource(this.source)}`);
    return open(key, owner, value);
  }
}
