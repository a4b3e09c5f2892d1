import { describe, expect, it } from 'vitest';
import { isOfShownBook } from './trade-notice';

describe('which trading events the app shows', () => {
  it('shows a paper fill only while the app is in paper', () => {
    expect(isOfShownBook({ book: 'paper' }, true)).toBe(true);
    expect(isOfShownBook({ book: 'paper' }, false)).toBe(false);
  });

  it('shows a real fill only while the app shows real money, an untagged event being real', () => {
    expect(isOfShownBook({ book: 'real' }, false)).toBe(true);
    expect(isOfShownBook({ book: 'real' }, true)).toBe(false);
    expect(isOfShownBook({}, false)).toBe(true);
    expect(isOfShownBook({}, true)).toBe(false);
  });
});
