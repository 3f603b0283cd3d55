import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** An answer of Rampart's public API as a tool sees it: the status and the parsed JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * How a tool reaches Rampart: only through the public HTTP API, with the caller's own credential, so every key or
 * token fence, permission, budget and error applies exactly as it does to a direct API call. There is no second
 * path into the engine.
 */
export type ApiCaller = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, idempotencyKey?: string) => Promise<ApiAnswer>;

/** A path segment from a tool's input (an account id, a market, an order id). */
export const seg = (v: string): string => encodeURIComponent(v);

/** The Idempotency-Key of a write a tool sends (the API wants one on most writes): one per tool call. */
export const newIdempotencyKey = (): string => `mcp-${randomUUID()}`;

const extraHeaders = (idempotencyKey: string | undefined): Record<string, string> => (idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

/** Over HTTP at a base URL (`rampart mcp`, stdio): the credential travels as on any API call. */
export function httpCaller(baseUrl: string, credential: string): ApiCaller {
  const base = baseUrl.replace(/\/+$/, '');
  return async (method, path, body, idempotencyKey) => {
    const headers: Record<string, string> = { authorization: `Bearer ${credential}`, ...extraHeaders(idempotencyKey) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    return { status: res.status, body: parse(await res.text()) };
  };
}

/**
 * Through the API host's own Fastify instance (POST /mcp): the request goes through every hook a request from the
 * network does, with the MCP request's Authorization header and its client IP as the remote address (so an IP
 * allowlist judges the real client, not loopback).
 */
export function injectCaller(app: FastifyInstance, authorization: string, clientIp: string): ApiCaller {
  return async (method, path, body, idempotencyKey) => {
    const headers: Record<string, string> = { authorization, ...extraHeaders(idempotencyKey) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.inject({
      method,
      url: path,
      headers,
      remoteAddress: clientIp,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, body: parse(res.body) };
  };
}
