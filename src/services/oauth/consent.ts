import type { Environment } from '../../schemas/common.js';
import type { Access, OAuthRecord, Reads } from '../../store/port.js';
import type { FenceInput } from '../fences.js';
import { CONSENT_MODEL } from './adapter.js';
import type { ClientKind } from './provider.js';

/** Every access token minted for a grant lasts an hour at most (never past the grant's end); refresh tokens renew it. */
export const ACCESS_TOKEN_LIFETIME_MS = 3_600_000;
/**
 * An assistant's grant lasts 30 days at most (an end date given at consent may end it sooner): its hourly access
 * tokens are renewed by rotating refresh tokens, so an MCP client stays connected, and the user revokes it at will.
 */
export const ASSISTANT_GRANT_MS = 30 * 86_400_000;
/** An app's grant without an end date lasts until revoked, but a year at most: then the user approves it again. */
export const APP_GRANT_MAX_MS = 365 * 86_400_000;

/** What a user granted a client, per grant (record CONSENT_MODEL): the tokens minted for it carry this. */
export interface Consent extends FenceInput {
  grant_id: string;
  user_id: string;
  customer_id: string;
  client_id: string;
  client_name: string;
  kind: ClientKind;
  resource: string;
  environment: Environment;
  access: Access;
  /** The app's end date (epoch ms; null: none). */
  expires_at: number | null;
  created_at: number;
  /** The last use of a token of the grant, as known when the newest was minted (older tokens' records lapse). */
  last_used_at?: number | null;
}

export interface ConsentChoice extends FenceInput {
  access: Access;
  expires_at?: number | null | undefined;
}

/** When a grant given now ends: the app's end date or a year; the assistant's end date or 30 days, whichever is sooner. */
export function grantEnd(kind: ClientKind, choice: ConsentChoice, now: number): number {
  if (kind === 'assistant') return Math.min(choice.expires_at ?? Number.POSITIVE_INFINITY, now + ASSISTANT_GRANT_MS);
  return choice.expires_at ?? now + APP_GRANT_MAX_MS;
}

/** A grant's consent and when the grant ends (the record lapses with it); undefined once it is over. */
export async function readConsent(store: Reads, grantId: string, now: number): Promise<{ consent: Consent; endsAt: number } | undefined> {
  const r = await store.getOAuthRecord(CONSENT_MODEL, grantId, now);
  if (!r || r.expires_at === null) return undefined;
  return { consent: JSON.parse(r.payload) as Consent, endsAt: r.expires_at };
}

export function consentRecord(consent: Consent, endsAt: number): OAuthRecord {
  return {
    model: CONSENT_MODEL,
    id: consent.grant_id,
    payload: JSON.stringify(consent),
    expires_at: endsAt,
    grant_id: consent.grant_id,
    user_code: null,
    uid: null,
    consumed_at: null,
    account_id: consent.user_id,
    address: null,
  };
}
