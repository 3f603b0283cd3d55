import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PEM files of a test CA and of a certificate it signed (for 127.0.0.1 and localhost, server and client use). */
export interface TestPki {
  readonly dir: string;
  readonly caFile: string;
  readonly certFile: string;
  readonly keyFile: string;
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * A fresh CA (P-256, two days) and one certificate it signed, made with the openssl CLI in a temp directory: what an
 * operator's private CA gives each node for RAMPART_INTERNAL_TLS_CA / _CERT / _KEY. Each call makes another CA.
 */
export function makeTestPki(name = 'rampart-test'): TestPki {
  const dir = mkdtempSync(join(tmpdir(), `${name}-pki-`));
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', `/CN=${name} CA`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], dir);
  openssl(['req', ...ec, '-keyout', 'node.key', '-out', 'node.csr', '-subj', `/CN=${name} node`], dir);
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\nbasicConstraints=CA:FALSE\n');
  openssl(['x509', '-req', '-in', 'node.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'node.pem', '-days', '2', '-extfile', 'ext.cnf'], dir);
  const caFile = join(dir, 'ca.pem');
  const certFile = join(dir, 'node.pem');
  const keyFile = join(dir, 'node.key');
  return { dir, caFile, certFile, keyFile, ca: readFileSync(caFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

/** The settings that give a node this certificate and CA (mutual TLS on the internal listener). */
export function tlsEnv(pki: TestPki): Record<string, string> {
  return { RAMPART_INTERNAL_TLS_CERT: pki.certFile, RAMPART_INTERNAL_TLS_KEY: pki.keyFile, RAMPART_INTERNAL_TLS_CA: pki.caFile };
}
