import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiAnswer } from './api-caller.js';

/** A tool's answer: the JSON as text (what every MCP client shows the model) and as structured content. */
export function ok(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/** The API's error envelope as a tool error: its code, message and details, as the API answered them. */
export function apiError(a: ApiAnswer, doing: string): CallToolResult {
  const e = (a.body as { error?: { code?: string; message?: string; details?: unknown; request_id?: string } } | undefined)?.error;
  const error = {
    status: a.status,
    code: e?.code ?? 'unexpected_answer',
    message: e?.message ?? `The API answered ${a.status}.`,
    ...(e?.details !== undefined ? { details: e.details } : {}),
    ...(e?.request_id !== undefined ? { request_id: e.request_id } : {}),
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ doing, error }, null, 2) }], structuredContent: { doing, error } };
}

/** A refusal the tool itself decides (a preview that says the order would be rejected): an error, nothing sent. */
export function refused(value: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

export const failed = (a: ApiAnswer): boolean => a.status >= 400;
