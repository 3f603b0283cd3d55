import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { localUrl, REDIRECT } from './oauth.js';
import type { TestServer } from './server.js';

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

/**
 * The OAuth side of an MCP client, kept in memory as a desktop assistant keeps it: its registration, its tokens, its
 * PKCE verifier, and the authorization URLs it would open in the user's browser (the test opens them instead).
 */
export class MemoryOAuthClient implements OAuthClientProvider {
  private client: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  readonly authorizationUrls: URL[] = [];
  readonly redirectUrl = REDIRECT;

  constructor(readonly name = 'MCP desk assistant') {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'client') this.client = undefined;
  }
}

/**
 * The SDK's Streamable HTTP transport as a client that authorizes itself would use it: pointed at the host's public
 * URL (so RFC 9728 discovery and the resource indicator name it), with requests sent to this server's listeners.
 */
export function oauthTransport(s: TestServer, publicBase: string, auth: MemoryOAuthClient): StreamableHTTPClientTransport {
  const local = (url: string | URL, init?: RequestInit) => fetch(localUrl(s, String(url)), init);
  return new StreamableHTTPClientTransport(new URL(`${publicBase}/mcp`), { authProvider: auth, fetch: local });
}
