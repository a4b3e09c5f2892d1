import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';

export interface RunningMarket {
  description: string;
  stop(): Promise<void>;
}

/** Starts the configured feed. The simulator lands with the market-data work (issue 5). */
export async function startMarket(input: {
  db: Db;
  config: ServerConfig;
  clock: Clock;
  log: FastifyBaseLogger;
}): Promise<RunningMarket> {
  void input;
  return { description: 'no feed yet', stop: async () => {} };
}
