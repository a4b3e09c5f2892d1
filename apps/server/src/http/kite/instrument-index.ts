import type { Db } from '../../db/database.js';
import {
  type KiteInstrumentRow,
  listKiteInstruments,
  mintMissingInstrumentTokens,
} from '../../repositories/kite-instrument-token.repository.js';

const RELOAD_AFTER_MS = 60_000;

/**
 * The minted instrument tokens of this process, by token and by symbol: loaded on first use, minted
 * for instruments listed since, and read again at most once a minute or when a name is unknown.
 */
export class KiteInstrumentIndex {
  private rows: KiteInstrumentRow[] = [];
  private bySymbol = new Map<string, KiteInstrumentRow>();
  private byToken = new Map<string, KiteInstrumentRow>();
  private loadedAtMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Db) {}

  private async load(): Promise<void> {
    await mintMissingInstrumentTokens(this.db);
    this.rows = await listKiteInstruments(this.db);
    this.bySymbol = new Map(this.rows.map((row) => [row.symbol, row]));
    this.byToken = new Map(this.rows.map((row) => [row.instrumentToken.toString(), row]));
    this.loadedAtMs = Date.now();
  }

  private async fresh(): Promise<void> {
    if (Date.now() - this.loadedAtMs > RELOAD_AFTER_MS) await this.load();
  }

  async all(): Promise<KiteInstrumentRow[]> {
    await this.fresh();
    return this.rows;
  }

  async ofSymbol(symbol: string): Promise<KiteInstrumentRow | undefined> {
    await this.fresh();
    // An unknown name reads again (an instrument listed since), at most once a second.
    if (!this.bySymbol.has(symbol) && Date.now() - this.loadedAtMs > 1_000) await this.load();
    return this.bySymbol.get(symbol);
  }

  async ofToken(token: string): Promise<KiteInstrumentRow | undefined> {
    await this.fresh();
    return this.byToken.get(token);
  }

  /** The token of a symbol already loaded, without a read (views of many rows). */
  tokenOf(symbol: string): number {
    const row = this.bySymbol.get(symbol);
    return row ? Number(row.instrumentToken) : 0;
  }
}
