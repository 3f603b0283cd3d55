import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** A connected MCP client (the SDK's own) on a host's POST /mcp with a bearer credential. */
export async function mcpClient(base: string, credential: string): Promise<Client> {
  const client = new Client({ name: 'rampart-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${credential}` } } });
  await client.connect(transport);
  return client;
}

export interface ToolAnswer {
  isError: boolean;
  data: any;
}

/** Calls a tool and reads its structured answer. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const r = await client.callTool({ name, arguments: args });
  return { isError: r.isError === true, data: r.structuredContent };
}
