import { randomBytes } from 'node:crypto';
import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { Store } from '../../store/port.js';
import { kindOfClient, redirectAllowed } from './provider.js';

export interface AppInput {
  name: string;
  redirect_uris: string[];
}

export interface AppClient {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
}

/**
 * The operator's input checked as the registration endpoint checks an assistant's (provider.ts), so a bad URI is
 * refused when the app is made rather than at the first authorization request.
 */
export function checkAppInput(input: AppInput): void {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) throw new ApiError('invalid_request', { message: 'name must be 1 to 100 characters', details: { field: 'name' } });
  if (input.redirect_uris.length === 0) {
    throw new ApiError('invalid_request', { message: 'redirect_uris must name at least one URI', details: { field: 'redirect_uris' } });
  }
  for (const uri of input.redirect_uris) {
    // A fragment never reaches the server (RFC 6749 3.1.2); `new URL` drops an empty one, so look at the text.
    if (!redirectAllowed(uri) || uri.includes('#')) {
      throw new ApiError('invalid_request', {
        message: 'redirect_uris must be https or loopback (http://127.0.0.1, http://[::1], http://localhost), without a fragment',
        details: { field: 'redirect_uris', invalid: uri },
      });
    }
  }
}

/**
 * An app client, registered by the operator: a public client (PKCE, no secret) with rampart_kind "app", whose
 * tokens last until the end date the user gives at consent and come with refresh tokens. Clients that register
 * themselves (RFC 7591) are assistants.
 */
export async function registerApp(store: Pick<Store, 'transaction'>, input: AppInput): Promise<AppClient> {
  checkAppInput(input);
  const clientId = `app_${randomBytes(12).toString('base64url')}`;
  const name = input.name.trim();
  const metadata = {
    client_id: clientId,
    client_name: name,
    redirect_uris: input.redirect_uris,
    token_endpoint_auth_method: 'none' as const,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code' as const],
    rampart_kind: 'app',
  };
  // Stored as oidc-provider stores a registered client (adapter.ts), with no end: an app lives until removed.
  await store.transaction((tx) =>
    tx.putOAuthRecord({ model: 'Client', id: clientId, payload: JSON.stringify(metadata), expires_at: null, grant_id: null, user_code: null, uid: null, consumed_at: null, account_id: null, address: null }),
  );
  return { client_id: clientId, client_name: name, redirect_uris: input.redirect_uris };
}

/** The app clients the operator registered (not the self-registered assistants), by client id. */
export async function listApps(store: Pick<Store, 'listOAuthRecords'>, clock: Clock): Promise<AppClient[]> {
  const records = await store.listOAuthRecords('Client', clock.now());
  return records
    .map((r) => JSON.parse(r.payload) as AppClient & { rampart_kind?: unknown })
    .filter((c) => kindOfClient(c) === 'app')
    .map((c) => ({ client_id: c.client_id, client_name: c.client_name, redirect_uris: c.redirect_uris }));
}
