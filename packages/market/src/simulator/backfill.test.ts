import { describe, expect, it } from 'vitest';
import type { Candle } from '../candles/candle.js';
import { istDateOf, istMinuteOfDay } from '../candles/ist-time.js';
import { rollUp } from '../candles/roll-up.js';
import type { InstrumentDefinition } from '../instruments/types.js';
import { backfillDaily, backfillMinutes } from './backfill.js';
import {
  bankStock,
  consumerStock,
  cryptoCoin,
  equityFixture,
  isWeekdayIst,
  itStock,
  marketIndex,
  metalStock,
  pennyStock,
} from './instrument-fixtures.js';
import { priceBandOf } from './market-model.js';

const holidays = new Set(['2025-08-15', '2025-08-27', '2025-10-02']);
const isTradingDay = (dateIst: string) => isWeekdayIst(dateIst) && !holidays.has(dateIst);
const endDateIst = '2025-09-10';
const twoYears = 504;

function dailyOf(instrument: InstrumentDefinition, days = twoYears, seed: string | number = 'history') {
  const calendar = instrument.calendar === 'always' ? () => true : isTradingDay;
  return backfillDaily(instrument, { endDateIst, days, seed, isTradingDay: calendar });
}

function minutesOf(instrument: InstrumentDefinition, seed: string | number = 'history') {
  const calendar = instrument.calendar === 'always' ? () => true : isTradingDay;
  return backfillMinutes(instrument, { endDateIst, seed, isTradingDay: calendar });
}

function checkOnTickAndInBand(instrument: InstrumentDefinition, candles: readonly Candle[]): string[] {
  const offences: string[] = [];
  let previousClose: bigint | undefined;
  for (const candle of candles) {
    const prices = [candle.openPaise, candle.highPaise, candle.lowPaise, candle.closePaise];
    if (prices.some((price) => price % instrument.tickPaise !== 0n))
      offences.push(`${candle.startMs} off tick`);
    if (candle.highPaise < candle.openPaise || candle.highPaise < candle.closePaise)
      offences.push('high low');
    if (candle.lowPaise > candle.openPaise || candle.lowPaise > candle.closePaise) offences.push('low high');
    if (previousClose !== undefined) {
      const band = priceBandOf(previousClose, instrument.priceBandBps, instrument.tickPaise);
      if (candle.highPaise > band.upperPaise || candle.lowPaise < band.lowerPaise) {
        offences.push(`${istDateOf(candle.startMs)} outside the band`);
      }
    }
    previousClose = candle.closePaise;
  }
  return offences;
}

describe('backfilled history', () => {
  it('has two years of daily candles on trading days only, oldest first', () => {
    const candles = dailyOf(bankStock);
    expect(candles).toHaveLength(twoYears);
    const dates = candles.map((candle) => istDateOf(candle.startMs));
    expect(dates.every(isTradingDay)).toBe(true);
    expect(dates.at(-1)).toBe(endDateIst);
    expect(new Set(dates).size).toBe(twoYears);
    expect([...dates].sort()).toEqual(dates);
    expect(candles.every((candle) => candle.period === '1d' && candle.volume > 0)).toBe(true);
  });

  it('ends at the instrument start price, where the live walk begins', () => {
    for (const instrument of [itStock, bankStock, metalStock, pennyStock, marketIndex, cryptoCoin]) {
      expect(dailyOf(instrument).at(-1)!.closePaise).toBe(instrument.startPricePaise);
      expect(minutesOf(instrument).at(-1)!.closePaise).toBe(instrument.startPricePaise);
    }
  });

  it('keeps every daily price on the tick and inside the band around the previous close', () => {
    const tight = equityFixture('TIGHT', { sector: 'Metals', priceBandBps: 200, startPricePaise: 9_995n });
    for (const instrument of [itStock, metalStock, pennyStock, tight]) {
      expect(checkOnTickAndInBand(instrument, dailyOf(instrument))).toEqual([]);
    }
  });

  it('is deterministic: the same seed gives the same history, another seed another', () => {
    expect(dailyOf(itStock, 60, 7)).toEqual(dailyOf(itStock, 60, 7));
    expect(minutesOf(itStock, 7)).toEqual(minutesOf(itStock, 7));
    expect(dailyOf(itStock, 60, 8)).not.toEqual(dailyOf(itStock, 60, 7));
  });

  it('makes a shorter history the tail of a longer one', () => {
    expect(dailyOf(consumerStock, 40)).toEqual(dailyOf(consumerStock).slice(-40));
  });

  it('has 375 one-minute candles from 09:15 IST on each of the last 30 trading days', () => {
    const minutes = minutesOf(metalStock);
    expect(minutes).toHaveLength(30 * 375);
    const days = new Set(minutes.map((candle) => istDateOf(candle.startMs)));
    expect(days.size).toBe(30);
    expect(istMinuteOfDay(minutes[0]!.startMs)).toBe(9 * 60 + 15);
    expect(istMinuteOfDay(minutes[374]!.startMs)).toBe(15 * 60 + 29);
    expect(checkOnTickAndInBand(metalStock, minutes).filter((offence) => !offence.includes('band'))).toEqual(
      [],
    );
  });

  it('gives round-the-clock instruments all 1,440 minutes of each day', () => {
    expect(minutesOf(cryptoCoin)).toHaveLength(30 * 1440);
  });

  it('rolls its minutes up into exactly the daily candles of the same seed', () => {
    for (const instrument of [itStock, pennyStock, cryptoCoin]) {
      const daily = dailyOf(instrument, 30);
      expect(rollUp(minutesOf(instrument), '1d', 'clock')).toEqual(daily);
    }
  });

  it('joins the minute history to the daily history without a gap between days', () => {
    const minutes = minutesOf(bankStock);
    const daily = dailyOf(bankStock, 30);
    for (let day = 1; day < 30; day++) {
      expect(minutes[day * 375]!.openPaise).toBe(daily[day]!.openPaise);
      expect(minutes[day * 375 - 1]!.closePaise).toBe(daily[day - 1]!.closePaise);
    }
  });

  it('trades heavier in the first and last minutes than at midday', () => {
    const minutes = minutesOf(itStock);
    const volumeAt = (minuteOfSession: number) =>
      minutes
        .filter((_, index) => index % 375 === minuteOfSession)
        .reduce((sum, candle) => sum + candle.volume, 0);
    expect(volumeAt(0)).toBeGreaterThan(2.5 * volumeAt(187));
    expect(volumeAt(374)).toBeGreaterThan(2.5 * volumeAt(187));
  });

  it('moves different stocks together through the shared market factor', () => {
    const returnsOf = (instrument: InstrumentDefinition) => {
      const closes = dailyOf(instrument).map((candle) => Number(candle.closePaise));
      return closes.slice(1).map((close, index) => Math.log(close / closes[index]!));
    };
    const stocks = [itStock, bankStock, metalStock, consumerStock, pennyStock].map(returnsOf);
    const correlations: number[] = [];
    for (let left = 0; left < stocks.length; left++) {
      for (let right = left + 1; right < stocks.length; right++) {
        correlations.push(correlationOf(stocks[left]!, stocks[right]!));
      }
    }
    const average = correlations.reduce((sum, value) => sum + value, 0) / correlations.length;
    expect(average).toBeGreaterThan(0.2);
    expect(correlationOf(returnsOf(bankStock), returnsOf(marketIndex))).toBeGreaterThan(0.45);
  });

  // How fast this runs is the start-up's concern (npm start prints it), not a test's: timing stays out.
  it('backfills 64 instruments with two years of days and 30 days of minutes each', () => {
    const sectors = ['IT', 'Banks', 'Metals & Mining', 'FMCG', 'Pharma', 'Automobile', undefined];
    const instruments = Array.from({ length: 64 }, (_, index) =>
      equityFixture(`PERF${index}`, {
        sector: sectors[index % sectors.length],
        startPricePaise: 10_000n + 3_725n * BigInt(index),
      }),
    );
    let candleCount = 0;
    for (const instrument of instruments) {
      candleCount += dailyOf(instrument, twoYears, 'perf').length + minutesOf(instrument, 'perf').length;
    }
    expect(candleCount).toBe(64 * (twoYears + 30 * 375));
  });

  it('refuses a calendar with no trading days', () => {
    expect(() =>
      backfillDaily(itStock, { endDateIst, days: 10, seed: 1, isTradingDay: () => false }),
    ).toThrow(RangeError);
  });
});

function correlationOf(left: readonly number[], right: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const leftMean = mean(left);
  const rightMean = mean(right);
  let covariance = 0;
  let leftVariance = 0;
  let rightVariance = 0;
  for (let index = 0; index < left.length; index++) {
    covariance += (left[index]! - leftMean) * (right[index]! - rightMean);
    leftVariance += (left[index]! - leftMean) ** 2;
    rightVariance += (right[index]! - rightMean) ** 2;
  }
  return covariance / Math.sqrt(leftVariance * rightVariance);
}

describe('minute paths', () => {
  it('bounce off the day’s high and low instead of sticking to them', () => {
    const candles = minutesOf(bankStock);
    const byDay = new Map<string, Candle[]>();
    for (const candle of candles) {
      const day = istDateOf(candle.startMs);
      byDay.set(day, [...(byDay.get(day) ?? []), candle]);
    }
    let atExtreme = 0;
    for (const day of byDay.values()) {
      // bigint: Math.max does not apply.
      let high = day[0]!.highPaise;
      let low = day[0]!.lowPaise;
      for (const candle of day) {
        if (candle.highPaise > high) high = candle.highPaise;
        if (candle.lowPaise < low) low = candle.lowPaise;
      }
      atExtreme += day.filter((candle) => candle.closePaise === high || candle.closePaise === low).length;
    }
    expect(atExtreme / candles.length).toBeLessThan(0.05);
  });
});
