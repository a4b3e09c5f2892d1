import { describe, expect, it } from 'vitest';
import {
  ERROR_CATALOGUE,
  errorMessage,
  LANGUAGES,
  languageFromAcceptLanguage,
  normaliseLanguage,
} from './errors.js';
import { OPERATIONS } from './operations.js';

describe('the error catalogue', () => {
  const entries = Object.entries(ERROR_CATALOGUE);

  it('gives every code a text in English, Hindi and Chinese that uses exactly its declared parameters', () => {
    for (const [code, entry] of entries) {
      for (const language of LANGUAGES) {
        const text = entry[language];
        expect(text.trim(), `${code} ${language}`).not.toBe('');
        const used = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
        expect(used, `${code} ${language}`).toEqual([...entry.params].sort());
      }
    }
  });

  it('keeps Hindi texts in Devanagari and Chinese texts in Han characters', () => {
    for (const [code, entry] of entries) {
      expect(entry.hi, code).toMatch(/[\u0900-\u097F]/);
      expect(entry.zh, code).toMatch(/[\u4E00-\u9FFF]/);
    }
  });

  it('uses stable upper-snake-case codes and the HTTP statuses of DESIGN.md section 6', () => {
    for (const [code, entry] of entries) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect([200, 400, 401, 403, 404, 409, 413, 429, 500, 503]).toContain(entry.http);
    }
    expect(ERROR_CATALOGUE.UNAUTHORIZED.http).toBe(401);
    expect(ERROR_CATALOGUE.TOO_FREQUENT.http).toBe(429);
    expect(ERROR_CATALOGUE.FUNDS_INSUFFICIENT.http).toBe(200);
  });

  it('covers every message of the spec’s section 8', () => {
    const specMessages = [
      'ACCOUNT_NOT_FOUND',
      'ACCOUNT_OR_PASSWORD_WRONG',
      'ACCOUNT_EXISTS',
      'INVITER_NOT_FOUND',
      'REGISTRATION_FAILED',
      'LOGIN_FAILED',
      'ACCOUNT_FROZEN',
      'LOGIN_BANNED',
      'ACCOUNT_DISABLED',
      'ORIGINAL_PASSWORD_WRONG',
      'PASSWORD_CHANGE_FAILED',
      'FUND_PASSWORD_WRONG',
      'FUND_PASSWORD_NOT_SET',
      'CHANNEL_PASSWORD_WRONG',
      'SECRET_KEY_MISMATCH',
      'BALANCE_INSUFFICIENT',
      'FUNDS_INSUFFICIENT',
      'WITHDRAWABLE_INSUFFICIENT',
      'CREDIT_SCORE_TOO_LOW',
      'CREDIT_QUOTA_INSUFFICIENT',
      'OTHER_FUND_OPERATION_PENDING',
      'DEPOSIT_PENDING',
      'ORDER_PENDING_REVIEW',
      'LOAN_OUTSTANDING',
      'BORROW_QUOTA_INSUFFICIENT',
      'LOAN_OVER_LIMIT',
      'REPAY_VIA_SUPPORT',
      'OUTSIDE_TRADING_HOURS',
      'PRICE_UNAVAILABLE',
      'BEYOND_PRICE_LIMIT',
      'BLOCK_TRADE_CLOSED',
      'MARGIN_TRADING_NOT_ENABLED',
      'TRADING_NOT_ALLOWED',
      'POSITION_LOCKED',
      'LOCKED_T_PLUS_DAYS',
      'LOCKED_MINUTES',
      'SUBSCRIPTION_NOT_STARTED',
      'NOT_YET_LISTED',
      'SUBSCRIPTION_CHANNEL_CLOSED',
      'PRODUCT_NOT_FOUND',
      'COPY_TIME_LIMIT_EXCEEDED',
      'BELOW_PRODUCT_MINIMUM',
      'LENDING_QUOTA_FULL',
      'LENDING_CHANNEL_CLOSED',
      'ORDER_NOT_FOUND',
      'REPEATED_OPERATION',
      'CARD_EXISTS',
      'CARD_NOT_FOUND',
      'CARD_NOT_HOLDERS',
      'REAL_NAME_REQUIRED',
      'REAL_NAME_ALREADY_VERIFIED',
      'REAL_NAME_UNDER_REVIEW',
      'ALREADY_CHECKED_IN',
      'CHECKIN_COUNT_INSUFFICIENT',
      'SYSTEM_BUSY',
      'TOO_FREQUENT',
      'UPLOAD_FAILED',
    ];
    for (const code of specMessages) expect(Object.keys(ERROR_CATALOGUE)).toContain(code);
  });

  it('puts parameters into the message and leaves unknown placeholders visible', () => {
    expect(errorMessage('AMOUNT_BELOW_MINIMUM', 'en', { min: '100.00' })).toBe(
      'The minimum amount is ₹100.00',
    );
    expect(errorMessage('OUTSIDE_WITHDRAWAL_WINDOW', 'zh', { from: '09:30', to: '24:00' })).toBe(
      '请在工作日提现时间 09:30-24:00 内操作',
    );
    expect(errorMessage('AMOUNT_BELOW_MINIMUM', 'en')).toBe('The minimum amount is ₹{min}');
  });

  it('gives every operation of the spec a success and a failure text in three languages', () => {
    for (const [operation, texts] of Object.entries(OPERATIONS)) {
      for (const language of LANGUAGES) {
        expect(texts.success[language].trim(), operation).not.toBe('');
        expect(texts.failure[language].trim(), operation).not.toBe('');
      }
    }
  });
});

describe('languages', () => {
  it('reads yd as Hindi, as the spec’s clients store it', () => {
    expect(normaliseLanguage('yd')).toBe('hi');
    expect(normaliseLanguage('hi-IN')).toBe('hi');
    expect(normaliseLanguage('zh-TW')).toBe('zh');
    expect(normaliseLanguage('ko')).toBe('en');
    expect(normaliseLanguage(undefined)).toBe('en');
  });

  it('picks the best supported language from Accept-Language by quality', () => {
    expect(languageFromAcceptLanguage('fr;q=1, zh-CN;q=0.8, hi;q=0.9')).toBe('hi');
    expect(languageFromAcceptLanguage('de, fr')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });
});
