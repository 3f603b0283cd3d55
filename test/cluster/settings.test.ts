import { rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { internalUrl } from '../../src/config/cluster-settings.js';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { makeTestPki, tlsEnv } from '../helpers/tls-certs.js';

describe('cluster settings (CONTRACT §8)', () => {
  it('defaults: hostname-pid, 127.0.0.1:8091, 1 partition, 5000 ms lease, 60000 ms resume window', () => {
    const c = loadConfig({}).cluster;
    expect(c).toEqual({
      nodeId: `${hostname()}-${process.pid}`,
      internalListen: { host: '127.0.0.1', port: 8091 },
      partitions: 1,
      leaseMs: 5000,
      resumeWithinMs: 60_000,
    });
    expect(internalUrl(c)).toBe('http://127.0.0.1:8091');
  });

  it('takes each setting from the environment', () => {
    const c = loadConfig({
      RAMPART_NODE_ID: 'node-b.eu-1',
      RAMPART_INTERNAL_LISTEN: '[::1]:9191',
      RAMPART_ENGINE_PARTITIONS: '8',
      RAMPART_LEASE_MS: '2000',
      RAMPART_RESUME_WITHIN_MS: '0',
    }).cluster;
    expect(c).toEqual({ nodeId: 'node-b.eu-1', internalListen: { host: '::1', port: 9191 }, partitions: 8, leaseMs: 2000, resumeWithinMs: 0 });
    expect(internalUrl(c)).toBe('http://[::1]:9191');
  });

  it.each([
    ['RAMPART_NODE_ID', 'has space', 'RAMPART_NODE_ID must be 1 to 100 of A-Z a-z 0-9 . _ : -, got "has space"'],
    ['RAMPART_INTERNAL_LISTEN', '8091', 'RAMPART_INTERNAL_LISTEN must be host:port, got "8091"'],
    ['RAMPART_INTERNAL_LISTEN', 'host:70000', 'RAMPART_INTERNAL_LISTEN must be host:port, got "host:70000"'],
    ['RAMPART_ENGINE_PARTITIONS', '0', 'RAMPART_ENGINE_PARTITIONS must be an integer from 1 to 256, got "0"'],
    ['RAMPART_ENGINE_PARTITIONS', '2.5', 'RAMPART_ENGINE_PARTITIONS must be an integer from 1 to 256, got "2.5"'],
    ['RAMPART_ENGINE_PARTITIONS', '257', 'RAMPART_ENGINE_PARTITIONS must be an integer from 1 to 256, got "257"'],
    ['RAMPART_LEASE_MS', '100', 'RAMPART_LEASE_MS must be an integer from 500 to 600000, got "100"'],
    ['RAMPART_LEASE_MS', '5s', 'RAMPART_LEASE_MS must be an integer from 500 to 600000, got "5s"'],
    ['RAMPART_RESUME_WITHIN_MS', '-1', 'RAMPART_RESUME_WITHIN_MS must be an integer from 0 to 86400000, got "-1"'],
    ['RAMPART_NODE_SECRET', 'too-short', 'RAMPART_NODE_SECRET must be 32 to 512 printable characters without spaces (e.g. openssl rand -base64 32), got 9 characters'],
    ['RAMPART_NODE_SECRET', 'a secret with spaces in it, long enough', 'RAMPART_NODE_SECRET must be 32 to 512 printable characters without spaces (e.g. openssl rand -base64 32), got 39 characters'],
  ])('refuses %s=%s with a clear message', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });

  it('takes RAMPART_NODE_SECRET (the key of node-to-node signatures), but never the operator token as it', () => {
    const secret = 'S3cr3t-for-the-nodes-0123456789+/=abcdef';
    expect(loadConfig({ RAMPART_NODE_SECRET: secret }).cluster.nodeSecret).toBe(secret);
    expect(loadConfig({}).cluster.nodeSecret).toBeUndefined();
    expect(() => loadConfig({ RAMPART_NODE_SECRET: secret, RAMPART_ADMIN_TOKEN: secret })).toThrow(
      new ConfigError('RAMPART_NODE_SECRET must not be the operator token (RAMPART_ADMIN_TOKEN): whoever holds that token is not thereby a node'),
    );
  });

  it('takes RAMPART_INTERNAL_TLS_CERT, _KEY and _CA together, read and tried at start (https in the advertised URL)', () => {
    const pki = makeTestPki('settings');
    const other = makeTestPki('other');
    try {
      const c = loadConfig(tlsEnv(pki)).cluster;
      expect(c.tls).toEqual({ cert: pki.cert, key: pki.key, ca: pki.ca });
      expect(internalUrl(c)).toBe('https://127.0.0.1:8091');
      expect(loadConfig({}).cluster.tls).toBeUndefined();
      expect(() => loadConfig({ RAMPART_INTERNAL_TLS_CERT: pki.certFile })).toThrow(
        new ConfigError('RAMPART_INTERNAL_TLS_CERT, RAMPART_INTERNAL_TLS_KEY, RAMPART_INTERNAL_TLS_CA go together (mutual TLS): set all three or none'),
      );
      expect(() => loadConfig({ ...tlsEnv(pki), RAMPART_INTERNAL_TLS_CA: '/nonexistent/ca.pem' })).toThrow(
        new ConfigError('RAMPART_INTERNAL_TLS_CA: cannot read /nonexistent/ca.pem (ENOENT)'),
      );
      // A key that is not the certificate's stops the start, not the first request between nodes.
      expect(() => loadConfig({ ...tlsEnv(pki), RAMPART_INTERNAL_TLS_KEY: other.keyFile })).toThrow(/^RAMPART_INTERNAL_TLS_CERT \/ _KEY \/ _CA do not make a TLS context: .*key values mismatch/);
    } finally {
      rmSync(pki.dir, { recursive: true, force: true });
      rmSync(other.dir, { recursive: true, force: true });
    }
  });
});
