import { computePriceBand } from '@nivesh/core';
import { describe, expect, it } from 'vitest';
import { istDateOf, istDayNumberOf, istTimeMs } from '../candles/ist-time.js';
import type { Tick } from '../feed/tick.js';
import type { InstrumentDefinition } from '../instruments/types.js';
import {
  bankStock,
  consumerStock,
  cryptoCoin,
  equityFixture,
  isOpenFixture,
  itStock,
  marketIndex,
  metalStock,
  pennyStock,
} from './instrument-fixtures.js';
import { annualVolatilityOf, intradayVolumeWeight, priceBandOf } from './market-model.js';
import { createSimulator } from './market-simulator.js';

const instruments = [itStock, bankStock, metalStock, consumerStock, pennyStock, marketIndex, cryptoCoin];
const monday = '2025-09-08';

/** Steps a simulator every `everyMs` over whole sessions of consecutive weekdays, collecting ticks. */
function runSessions(
  simulator: ReturnType<typeof createSimulator>,
  firstDateIst: string,
  days: number,
  everyMs: number,
): Tick[] {
  const ticks: Tick[] = [];
  let dayStartMs = istTimeMs(firstDateIst, 9, 15);
  for (let day = 0; day < days; day++) {
    const openMs = dayStartMs;
    const closeMs = openMs + 375 * 60_000;
    for (let atMs = openMs; atMs < closeMs; atMs += everyMs) ticks.push(...simulator.step(atMs));
    dayStartMs += 24 * 60 * 60_000;
  }
  return ticks;
}

function correlation(left: readonly number[], right: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const leftMean = mean(left);
  const rightMean = mean(right);
  let covariance = 0;
  let leftVariance = 0;
  let rightVariance = 0;
  for (let index = 0; index < left.length; index++) {
    const a = left[index]! - leftMean;
    const b = right[index]! - rightMean;
    covariance += a * b;
    leftVariance += a * a;
    rightVariance += b * b;
  }
  return covariance / Math.sqrt(leftVariance * rightVariance);
}

describe('market simulator', () => {
  it('gives the same ticks for the same seed and the same clock', () => {
    const first = createSimulator({ seed: 'replay', instruments, isOpen: isOpenFixture });
    const second = createSimulator({ seed: 'replay', instruments, isOpen: isOpenFixture });
    const firstTicks = runSessions(first, monday, 1, 5_000);
    expect(firstTicks.length).toBeGreaterThan(1000);
    expect(runSessions(second, monday, 1, 5_000)).toEqual(firstTicks);
  });

  it('gives different ticks for a different seed', () => {
    const first = runSessions(
      createSimulator({ seed: 1, instruments, isOpen: isOpenFixture }),
      monday,
      1,
      60_000,
    );
    const second = runSessions(
      createSimulator({ seed: 2, instruments, isOpen: isOpenFixture }),
      monday,
      1,
      60_000,
    );
    expect(second).not.toEqual(first);
  });

  it('marks every tick simulated and prices it on the tick size, inside the band of the previous close', () => {
    // A 2% band on a 35% volatility stock makes the band bite within a few days.
    const tight = equityFixture('TIGHT', { sector: 'Metals', priceBandBps: 200, startPricePaise: 10_005n });
    const simulator = createSimulator({
      seed: 'band',
      instruments: [...instruments, tight],
      isOpen: isOpenFixture,
    });
    const bySymbol = new Map(
      [...instruments, tight].map((instrument) => [instrument.symbol, instrument] as const),
    );
    const previousClose = new Map(
      [...bySymbol.values()].map((instrument) => [instrument.symbol, instrument.startPricePaise]),
    );
    const lastTick = new Map<string, Tick>();
    const offences: string[] = [];
    let edgeHits = 0;
    for (const tick of runSessions(simulator, monday, 4, 1_000)) {
      const instrument = bySymbol.get(tick.symbol)!;
      const last = lastTick.get(tick.symbol);
      if (last && istDayNumberOf(last.atMs) !== istDayNumberOf(tick.atMs))
        previousClose.set(tick.symbol, last.pricePaise);
      lastTick.set(tick.symbol, tick);
      const band = priceBandOf(
        previousClose.get(tick.symbol)!,
        instrument.priceBandBps,
        instrument.tickPaise,
      );
      if (!tick.simulated) offences.push(`${tick.symbol} not marked simulated`);
      if (tick.pricePaise % instrument.tickPaise !== 0n) offences.push(`${tick.symbol} off the tick`);
      if (tick.pricePaise < band.lowerPaise || tick.pricePaise > band.upperPaise) {
        offences.push(`${tick.symbol} ${tick.pricePaise} outside the band`);
      }
      if (
        instrument === tight &&
        (tick.pricePaise === band.upperPaise || tick.pricePaise === band.lowerPaise)
      ) {
        edgeHits++;
      }
    }
    expect(offences).toEqual([]);
    expect(edgeHits).toBeGreaterThan(0);
  });

  it('neither moves nor ticks a stock while its market is closed, while crypto trades on', () => {
    const simulator = createSimulator({ seed: 'closed', instruments, isOpen: isOpenFixture });
    runSessions(simulator, monday, 1, 10_000);
    const closingPrice = simulator.lastPricePaise(itStock.symbol);
    const eveningTicks: Tick[] = [];
    for (let atMs = istTimeMs(monday, 15, 30); atMs < istTimeMs('2025-09-09', 9, 15); atMs += 60_000) {
      eveningTicks.push(...simulator.step(atMs));
    }
    expect(eveningTicks.every((tick) => tick.symbol === cryptoCoin.symbol)).toBe(true);
    expect(eveningTicks.length).toBeGreaterThan(1000);
    expect(simulator.lastPricePaise(itStock.symbol)).toBe(closingPrice);
    // Saturday: no stock ticks at all.
    const saturdayTicks = runSessions(simulator, '2025-09-13', 1, 60_000);
    expect(saturdayTicks.map((tick) => tick.symbol)).toEqual(saturdayTicks.map(() => cryptoCoin.symbol));
  });

  it('rolls the previous close to the last price at a new trading date', () => {
    const simulator = createSimulator({ seed: 'roll', instruments: [bankStock], isOpen: isOpenFixture });
    expect(simulator.previousClosePaise(bankStock.symbol)).toBe(bankStock.startPricePaise);
    runSessions(simulator, monday, 1, 1_000);
    const mondayClose = simulator.lastPricePaise(bankStock.symbol)!;
    simulator.step(istTimeMs('2025-09-09', 9, 15));
    expect(simulator.previousClosePaise(bankStock.symbol)).toBe(mondayClose);
  });

  it('resumes from a stored last price and previous close', () => {
    const simulator = createSimulator({
      seed: 'resume',
      instruments: [consumerStock],
      isOpen: isOpenFixture,
      lastPrice: { [consumerStock.symbol]: 250_000n },
      previousClose: new Map([[consumerStock.symbol, 249_000n]]),
    });
    const [tick] = simulator.step(istTimeMs(monday, 10, 0));
    expect(simulator.previousClosePaise(consumerStock.symbol)).toBe(249_000n);
    expect(Number(tick!.pricePaise)).toBeGreaterThan(249_000);
    expect(Number(tick!.pricePaise)).toBeLessThan(251_000);
  });

  it('trades heavier at the open and the close than at midday (U-shaped volume)', () => {
    const simulator = createSimulator({ seed: 'volume', instruments: [itStock], isOpen: isOpenFixture });
    // 25 quarter-hours from 09:15 to 15:30.
    const volumeByQuarter = new Array<number>(25).fill(0);
    for (const tick of runSessions(simulator, monday, 5, 1_000)) {
      const minute = Math.floor((tick.atMs - istTimeMs(istDateOf(tick.atMs), 9, 15)) / 60_000);
      volumeByQuarter[Math.floor(minute / 15)]! += tick.volume;
    }
    const midday = (volumeByQuarter[11]! + volumeByQuarter[12]! + volumeByQuarter[13]!) / 3;
    expect(volumeByQuarter[0]!).toBeGreaterThan(3 * midday);
    expect(volumeByQuarter[24]!).toBeGreaterThan(3 * midday);
    expect(intradayVolumeWeight(0)).toBeGreaterThan(4 * intradayVolumeWeight(0.5));
  });

  it('moves stocks together: daily returns are positively correlated on average', () => {
    const stocks = [itStock, bankStock, metalStock, consumerStock, pennyStock];
    const simulator = createSimulator({
      seed: 'market',
      instruments: [...stocks, marketIndex],
      isOpen: () => true,
    });
    const returnsBySymbol = new Map<string, number[]>();
    const dayMs = 24 * 60 * 60_000;
    let previous = new Map(stocks.map((stock) => [stock.symbol, Number(stock.startPricePaise)]));
    previous.set(marketIndex.symbol, Number(marketIndex.startPricePaise));
    const startMs = istTimeMs('2024-01-01', 0, 0);
    for (let day = 0; day < 150; day++) {
      for (let atMs = startMs + day * dayMs; atMs < startMs + (day + 1) * dayMs; atMs += 15 * 60_000) {
        simulator.step(atMs);
      }
      const closes = new Map<string, number>();
      for (const [symbol, close] of previous) {
        const now = Number(simulator.lastPricePaise(symbol));
        const list = returnsBySymbol.get(symbol) ?? [];
        list.push(Math.log(now / close));
        returnsBySymbol.set(symbol, list);
        closes.set(symbol, now);
      }
      previous = closes;
    }
    const correlations: number[] = [];
    for (let left = 0; left < stocks.length; left++) {
      for (let right = left + 1; right < stocks.length; right++) {
        correlations.push(
          correlation(
            returnsBySymbol.get(stocks[left]!.symbol)!,
            returnsBySymbol.get(stocks[right]!.symbol)!,
          ),
        );
      }
    }
    const average = correlations.reduce((sum, value) => sum + value, 0) / correlations.length;
    // ρ² = 0.36 in the model; a 150-day sample lands near it.
    expect(average).toBeGreaterThan(0.2);
    expect(average).toBeLessThan(0.55);
    const withIndex = correlation(
      returnsBySymbol.get(bankStock.symbol)!,
      returnsBySymbol.get(marketIndex.symbol)!,
    );
    expect(withIndex).toBeGreaterThan(0.4);
  });

  it("clamps to the platform's one daily band (core's, limits rounded inward), and none at 0 bps", () => {
    expect(priceBandOf(12_345n, 1000, 5n)).toEqual(computePriceBand(12_345n, 1000, 5n));
    expect(priceBandOf(12_345n, 1000, 5n)).toEqual({ lowerPaise: 11_115n, upperPaise: 13_575n });
    expect(priceBandOf(12_345n, 0, 5n).upperPaise).toBe(BigInt(Number.MAX_SAFE_INTEGER));
  });

  it('gives sector volatilities from its table', () => {
    expect(annualVolatilityOf(itStock)).toBe(0.22);
    expect(annualVolatilityOf(bankStock)).toBe(0.25);
    expect(annualVolatilityOf(metalStock)).toBe(0.35);
    expect(annualVolatilityOf(consumerStock)).toBe(0.15);
    expect(annualVolatilityOf(pennyStock)).toBe(0.25);
    expect(annualVolatilityOf(equityFixture('X', { sector: 'Diversified' }))).toBe(0.25);
  });

  it('derives an index level from its constituents when given index math', () => {
    const stocks = [itStock, bankStock];
    // Equal shares: the level is the sum of the two prices.
    const indexLevels = new Map([
      [
        marketIndex.symbol,
        (prices: ReadonlyMap<string, bigint>) => prices.get(itStock.symbol)! + prices.get(bankStock.symbol)!,
      ],
    ]);
    const simulator = createSimulator({
      seed: 'index',
      instruments: [...stocks, marketIndex],
      isOpen: isOpenFixture,
      indexLevels,
    });
    for (const atMs of [istTimeMs(monday, 9, 15), istTimeMs(monday, 9, 16), istTimeMs(monday, 9, 17)]) {
      const ticks = simulator.step(atMs);
      const priceOf = (symbol: string) => ticks.find((tick) => tick.symbol === symbol)!.pricePaise;
      expect(priceOf(marketIndex.symbol)).toBe(priceOf(itStock.symbol) + priceOf(bankStock.symbol));
    }
  });

  it('refuses to step back in time', () => {
    const simulator = createSimulator({ seed: 'time', instruments: [itStock], isOpen: () => true });
    simulator.step(2_000);
    expect(() => simulator.step(1_000)).toThrow(RangeError);
  });

  it('ticks every open symbol once per step, index volume zero', () => {
    const simulator = createSimulator({ seed: 'once', instruments, isOpen: isOpenFixture });
    const ticks = simulator.step(istTimeMs(monday, 11, 0));
    expect(ticks.map((tick) => tick.symbol)).toEqual(
      instruments.map((instrument: InstrumentDefinition) => instrument.symbol),
    );
    expect(ticks.find((tick) => tick.symbol === marketIndex.symbol)!.volume).toBe(0);
    expect(ticks.filter((tick) => tick.symbol !== marketIndex.symbol).every((tick) => tick.volume >= 1)).toBe(
      true,
    );
  });
});

describe('an instrument added while the simulator runs (a new share on listing day)', () => {
  it('walks from its first quote within its band, and leaves the other walks unchanged', () => {
    const fresh = equityFixture('NAVYAFOODS', { sector: 'FMCG', startPricePaise: 9_500n });
    const withAddition = createSimulator({
      seed: 'add',
      instruments: [itStock, bankStock],
      isOpen: isOpenFixture,
    });
    const without = createSimulator({
      seed: 'add',
      instruments: [itStock, bankStock],
      isOpen: isOpenFixture,
    });
    const startMs = istTimeMs(monday, 10, 0);
    withAddition.step(startMs);
    without.step(startMs);
    expect(withAddition.addInstrument(fresh, { lastPricePaise: 9_500n })).toBe(true);
    expect(withAddition.addInstrument(fresh, { lastPricePaise: 9_500n })).toBe(false);
    expect(withAddition.instruments.map((instrument) => instrument.symbol)).toContain('NAVYAFOODS');
    expect(withAddition.previousClosePaise('NAVYAFOODS')).toBe(9_500n);
    const band = priceBandOf(9_500n, fresh.priceBandBps, fresh.tickPaise);
    const seen = new Set<bigint>();
    for (let i = 1; i <= 600; i++) {
      const ticks = withAddition.step(startMs + i * 1_000);
      const reference = without.step(startMs + i * 1_000);
      const added = ticks.find((tick) => tick.symbol === 'NAVYAFOODS')!;
      expect(added.pricePaise >= band.lowerPaise && added.pricePaise <= band.upperPaise).toBe(true);
      seen.add(added.pricePaise);
      expect(ticks.filter((tick) => tick.symbol !== 'NAVYAFOODS')).toEqual(reference);
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
