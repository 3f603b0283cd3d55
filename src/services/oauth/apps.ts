import { randomBytes } from 'node:crypto';
import type { Clock } from '../../engine/clock.js';
import type { Store } from '../../store/port.js';
import { StoreAdapter } from './adapter.js';

export interface AppInput {
  name: string;
  redirect_uris: string[];
}

/**
 * An app client, registered by the operator: a public client (PKCE, no secret) with rampart_kind "app", whose
 * tokens last until the end date the user gives at consent and come with refresh tokens. Clients that register
 * themselves (RFC 7591) are assistants.
 */
export async function registerApp(store: Store, clock: Clock, input: AppInput): Promise<{ client_id: string; client_name: string; redirect_uris: string[] }> {
  const clientId = `app_${randomBytes(12).toString('base64url')}`;
  const metadata = {
    client_id: clientId,
    client_name: input.name,
    redirect_uris: input.redirect_uris,
    token_endpoint_auth_method: 'none' as const,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code' as const],
    rampart_kind: 'app',
  };
  await new StoreAdapter('Client', store, clock).upsert(clientId, metadata, 0);
  return { client_id: clientId, client_name: input.name, redirect_uris: input.redirect_uris };
}
