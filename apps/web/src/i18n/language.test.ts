import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, normalizeLanguage } from './language';

describe('normalizeLanguage', () => {
  it('reads the original app\'s "yd" as Hindi', () => {
    expect(normalizeLanguage('yd')).toBe('hi');
    expect(normalizeLanguage('YD')).toBe('hi');
  });

  it('maps regional tags to the language the app speaks', () => {
    expect(normalizeLanguage('hi-IN')).toBe('hi');
    expect(normalizeLanguage('en-IN')).toBe('en');
    expect(normalizeLanguage('en_GB')).toBe('en');
    expect(normalizeLanguage('zh-CN')).toBe('zh');
    expect(normalizeLanguage('zh-TW')).toBe('zh');
  });

  it('answers null for a language the app does not speak', () => {
    expect(normalizeLanguage('ko')).toBeNull();
    expect(normalizeLanguage('')).toBeNull();
    expect(normalizeLanguage(null)).toBeNull();
  });
});

describe('detectLanguage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('prefers the stored choice, so a stored "yd" means Hindi', () => {
    localStorage.setItem('lang', 'yd');
    expect(detectLanguage()).toBe('hi');
  });

  it('falls back to the browser, then to English', () => {
    vi.stubGlobal('navigator', { languages: ['ko-KR', 'zh-CN'], language: 'ko-KR' });
    expect(detectLanguage()).toBe('zh');
    vi.stubGlobal('navigator', { languages: ['ko-KR'], language: 'ko-KR' });
    expect(detectLanguage()).toBe('en');
  });
});
