import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Environment } from '../schemas/common.js';
import type { ApiCaller } from './api-caller.js';
import { registerExitTools } from './exit-tools.js';
import { ruleLine, type AccountView } from './headroom.js';
import { registerOrderTools } from './order-tools.js';
import { registerReadTools } from './read-tools.js';
import { placesIn } from './result.js';
import { registerWriteTools } from './write-tools.js';

export const MCP_NAME = 'rampart';
export const MCP_VERSION = '1.0.0';

/**
 * The rule limits of the credential's accounts, for the tool descriptions: the list of tools is built per
 * credential, so an assistant reads the limits before it plans an order. Without a readable account list (a
 * refused credential, no account yet) the tools still work and say where to read the limits.
 */
async function limitsText(api: ApiCaller): Promise<string> {
  const r = await api('GET', '/v1/accounts?limit=20');
  const accounts = r.status === 200 ? (r.body as { data: AccountView[] }).data : [];
  if (accounts.length === 0) return 'Rule limits: see the accounts tool.';
  return `Rule limits: ${accounts.map(ruleLine).join(' | ')}.`;
}

/**
 * An MCP server whose every tool calls Rampart's public API through `api`, with the caller's credential, on the host
 * of `environment` (the credential's: every answer names it, with the account).
 */
export async function buildMcpServer(api: ApiCaller, environment: Environment): Promise<McpServer> {
  const server = new McpServer(
    { name: MCP_NAME, version: MCP_VERSION },
    {
      instructions:
        `Rampart trading tools, ${environment === 'live' ? 'on LIVE accounts (real money)' : 'on sandbox accounts'}. ` +
        'Writes (place, cancel, close, set_exits, edit, cancel_all, dead_man_switch) preview first and send nothing ' +
        'unless called with confirm: true: show the user the preview, then confirm. Every answer names the ' +
        'environment and the account. Prices and sizes are decimal strings.',
    },
  );
  const limits = await limitsText(api);
  const at = placesIn(environment);
  registerReadTools(server, api, at, limits);
  registerWriteTools(server, api, at, limits);
  registerExitTools(server, api, at);
  registerOrderTools(server, api, at);
  return server;
}
