/**
 * Starting prices and shares outstanding for the listed equities.
 *
 * These are PLAUSIBLE LEVELS, NOT SOURCED: no public source we could find gave closing prices or
 * share counts for every constituent (see /work/shared/data/README.md). They are our own estimates
 * of late-2025 / 2026 levels, rounded to the 5-paise tick, with share counts rounded to about three
 * significant figures. Prices reflect the newer ISINs after recent splits and bonuses (Bajaj Finance,
 * Dr. Reddy's, Kotak Mahindra Bank, Shriram Finance, HDFC Bank, Nestle India). Every quote made from
 * them is simulated, and a bhavcopy import replaces them with real closes.
 */

export interface StartLevel {
  startPricePaise: bigint;
  sharesOutstanding: bigint;
}

/** A price in paise from whole rupees and paise: `rupees(22, 45)` is ₹22.45 = 2,245 paise. */
function rupees(wholeRupees: number, paise = 0): bigint {
  return BigInt(wholeRupees) * 100n + BigInt(paise);
}

export const EQUITY_START_LEVELS: Readonly<Record<string, StartLevel>> = {
  ADANIENT: { startPricePaise: rupees(2_410), sharesOutstanding: 1_154_000_000n },
  ADANIPORTS: { startPricePaise: rupees(1_455), sharesOutstanding: 2_160_000_000n },
  APOLLOHOSP: { startPricePaise: rupees(7_480), sharesOutstanding: 143_800_000n },
  ASIANPAINT: { startPricePaise: rupees(2_870), sharesOutstanding: 959_200_000n },
  AXISBANK: { startPricePaise: rupees(1_235), sharesOutstanding: 3_100_000_000n },
  'BAJAJ-AUTO': { startPricePaise: rupees(8_950), sharesOutstanding: 279_300_000n },
  BAJFINANCE: { startPricePaise: rupees(1_005), sharesOutstanding: 6_220_000_000n },
  BAJAJFINSV: { startPricePaise: rupees(2_045), sharesOutstanding: 1_597_000_000n },
  BEL: { startPricePaise: rupees(412, 50), sharesOutstanding: 7_310_000_000n },
  BHARTIARTL: { startPricePaise: rupees(2_095), sharesOutstanding: 6_090_000_000n },
  CIPLA: { startPricePaise: rupees(1_525), sharesOutstanding: 808_000_000n },
  COALINDIA: { startPricePaise: rupees(386, 40), sharesOutstanding: 6_163_000_000n },
  DRREDDY: { startPricePaise: rupees(1_255), sharesOutstanding: 834_000_000n },
  EICHERMOT: { startPricePaise: rupees(6_920), sharesOutstanding: 274_000_000n },
  ETERNAL: { startPricePaise: rupees(302, 35), sharesOutstanding: 9_650_000_000n },
  GRASIM: { startPricePaise: rupees(2_790), sharesOutstanding: 680_000_000n },
  HCLTECH: { startPricePaise: rupees(1_610), sharesOutstanding: 2_714_000_000n },
  HDFCBANK: { startPricePaise: rupees(992), sharesOutstanding: 15_380_000_000n },
  HDFCLIFE: { startPricePaise: rupees(762), sharesOutstanding: 2_150_000_000n },
  HINDALCO: { startPricePaise: rupees(805), sharesOutstanding: 2_247_000_000n },
  HINDUNILVR: { startPricePaise: rupees(2_455), sharesOutstanding: 2_350_000_000n },
  ICICIBANK: { startPricePaise: rupees(1_385), sharesOutstanding: 7_140_000_000n },
  ITC: { startPricePaise: rupees(406, 75), sharesOutstanding: 12_510_000_000n },
  INFY: { startPricePaise: rupees(1_545), sharesOutstanding: 4_150_000_000n },
  INDIGO: { startPricePaise: rupees(5_810), sharesOutstanding: 387_000_000n },
  JSWSTEEL: { startPricePaise: rupees(1_148), sharesOutstanding: 2_445_000_000n },
  JIOFIN: { startPricePaise: rupees(301, 20), sharesOutstanding: 6_353_000_000n },
  KOTAKBANK: { startPricePaise: rupees(421, 60), sharesOutstanding: 9_940_000_000n },
  LT: { startPricePaise: rupees(3_960), sharesOutstanding: 1_375_000_000n },
  'M&M': { startPricePaise: rupees(3_655), sharesOutstanding: 1_243_000_000n },
  MARUTI: { startPricePaise: rupees(15_820), sharesOutstanding: 314_400_000n },
  MAXHEALTH: { startPricePaise: rupees(1_118), sharesOutstanding: 972_000_000n },
  NTPC: { startPricePaise: rupees(331, 80), sharesOutstanding: 9_697_000_000n },
  NESTLEIND: { startPricePaise: rupees(1_252), sharesOutstanding: 1_928_000_000n },
  ONGC: { startPricePaise: rupees(246, 15), sharesOutstanding: 12_580_000_000n },
  POWERGRID: { startPricePaise: rupees(271, 45), sharesOutstanding: 9_300_000_000n },
  RELIANCE: { startPricePaise: rupees(1_512), sharesOutstanding: 13_530_000_000n },
  SBILIFE: { startPricePaise: rupees(1_955), sharesOutstanding: 1_002_000_000n },
  SHRIRAMFIN: { startPricePaise: rupees(828), sharesOutstanding: 1_880_000_000n },
  SBIN: { startPricePaise: rupees(942), sharesOutstanding: 9_230_000_000n },
  SUNPHARMA: { startPricePaise: rupees(1_752), sharesOutstanding: 2_399_000_000n },
  TCS: { startPricePaise: rupees(3_105), sharesOutstanding: 3_618_000_000n },
  TATACONSUM: { startPricePaise: rupees(1_148), sharesOutstanding: 989_000_000n },
  TMPV: { startPricePaise: rupees(402, 30), sharesOutstanding: 3_680_000_000n },
  TATASTEEL: { startPricePaise: rupees(171, 25), sharesOutstanding: 12_480_000_000n },
  TECHM: { startPricePaise: rupees(1_452), sharesOutstanding: 979_000_000n },
  TITAN: { startPricePaise: rupees(3_790), sharesOutstanding: 888_000_000n },
  TRENT: { startPricePaise: rupees(4_310), sharesOutstanding: 355_000_000n },
  ULTRACEMCO: { startPricePaise: rupees(11_780), sharesOutstanding: 295_000_000n },
  WIPRO: { startPricePaise: rupees(245, 60), sharesOutstanding: 10_480_000_000n },
  // NIFTY BANK constituents outside NIFTY 50.
  AUBANK: { startPricePaise: rupees(902), sharesOutstanding: 746_000_000n },
  BANKBARODA: { startPricePaise: rupees(281, 40), sharesOutstanding: 5_171_000_000n },
  CANBK: { startPricePaise: rupees(146, 85), sharesOutstanding: 9_070_000_000n },
  FEDERALBNK: { startPricePaise: rupees(246, 30), sharesOutstanding: 2_456_000_000n },
  IDFCFIRSTB: { startPricePaise: rupees(80, 35), sharesOutstanding: 8_600_000_000n },
  INDUSINDBK: { startPricePaise: rupees(852, 50), sharesOutstanding: 779_000_000n },
  PNB: { startPricePaise: rupees(121, 10), sharesOutstanding: 11_490_000_000n },
  UNIONBANK: { startPricePaise: rupees(151, 55), sharesOutstanding: 7_630_000_000n },
  YESBANK: { startPricePaise: rupees(22, 45), sharesOutstanding: 31_360_000_000n },
};
