import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../engine/clock.js';
import type { ConnectionOptions, ExchangeSource, SourceConfig, SourceHandlers } from './types.js';

/**
 * Placeholder until the exchange adapters land: the real createSource picks the adapter of config.exchange.
 * Replaced wholesale by the adapters' index.ts at merge.
 */
export function createSource(config: SourceConfig, _options: ConnectionOptions, _clock: Clock, _handlers: SourceHandlers, _log: FastifyBaseLogger): ExchangeSource {
  throw new Error(`exchange adapters not built (source ${config.id}, ${config.exchange})`);
}
