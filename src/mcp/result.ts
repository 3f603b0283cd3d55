import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Environment } from '../schemas/common.js';
import type { ApiAnswer } from './api-caller.js';

/**
 * Where a tool acted: the environment of the credential's host and the account (null for a tool that spans accounts
 * or has none, such as markets). Every answer, an error too, starts with it, so neither the user nor the assistant
 * takes a live account for a sandbox one.
 */
export interface Where {
  environment: Environment;
  account_id: string | null;
}

/** The places a tool names: the environment is the credential's, fixed for the server; the account is the call's. */
export type Places = (accountId?: string | null) => Where;

export const placesIn =
  (environment: Environment): Places =>
  (accountId) => ({ environment, account_id: accountId ?? null });

/** "sandbox account SANDBOX-1001-1" / "LIVE account 70000001 (real money)": the start of every what_would_happen. */
export function onAccount(w: Where): string {
  const env = w.environment === 'live' ? 'LIVE' : 'sandbox';
  const money = w.environment === 'live' ? ' (real money)' : '';
  return w.account_id === null ? `${env}${money}` : `${env} account ${w.account_id}${money}`;
}

function answer(w: Where, value: Record<string, unknown>, isError: boolean): CallToolResult {
  const structured = { environment: w.environment, account_id: w.account_id, ...value };
  return { ...(isError ? { isError: true } : {}), content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }], structuredContent: structured };
}

/** A tool's answer: the JSON as text (what every MCP client shows the model) and as structured content. */
export function ok(w: Where, value: Record<string, unknown>): CallToolResult {
  return answer(w, value, false);
}

/** The API's error envelope as a tool error: its code, message and details, as the API answered them. */
export function apiError(w: Where, a: ApiAnswer, doing: string): CallToolResult {
  const e = (a.body as { error?: { code?: string; message?: string; details?: unknown; request_id?: string } } | undefined)?.error;
  const error = {
    status: a.status,
    code: e?.code ?? 'unexpected_answer',
    message: e?.message ?? `The API answered ${a.status}.`,
    ...(e?.details !== undefined ? { details: e.details } : {}),
    ...(e?.request_id !== undefined ? { request_id: e.request_id } : {}),
  };
  return answer(w, { doing, error }, true);
}

/** A refusal the tool itself decides (a preview that says the order would be rejected): an error, nothing sent. */
export function refused(w: Where, value: Record<string, unknown>): CallToolResult {
  return answer(w, value, true);
}

export const failed = (a: ApiAnswer): boolean => a.status >= 400;
