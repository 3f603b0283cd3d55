import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError } from '../config/config.js';
import type { Environment } from '../schemas/common.js';
import { httpCaller } from './api-caller.js';
import { buildMcpServer } from './server.js';

/** A test credential (rat_test_…, rk_test_…) is the sandbox's; any other the live host's. */
export const environmentOfSecret = (secret: string): Environment => (/^[a-z]+_test_/.test(secret) ? 'sandbox' : 'live');

/**
 * `rampart mcp`: the MCP server on stdin/stdout for an assistant that starts it as a subprocess. Its tools call the
 * API over HTTP with RAMPART_MCP_TOKEN (a key or an access token), at RAMPART_MCP_URL or the public URL of the
 * host the credential belongs to. stdout carries only MCP messages: everything else goes to stderr.
 */
export async function runStdio(env: NodeJS.ProcessEnv, publicUrl: Readonly<Record<Environment, string>>): Promise<void> {
  const token = env.RAMPART_MCP_TOKEN;
  if (!token) throw new ConfigError('RAMPART_MCP_TOKEN is not set: give the key or access token the tools act with.');
  const environment = environmentOfSecret(token);
  const base = env.RAMPART_MCP_URL || publicUrl[environment];
  // The credential decides the environment: a host of the other one refuses it (wrong_environment, wrong_resource).
  const server = await buildMcpServer(httpCaller(base, token), environment);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(new StdioServerTransport());
  process.stderr.write(`rampart mcp: serving on stdio, API at ${base}\n`);
  await closed;
  await server.close();
}
