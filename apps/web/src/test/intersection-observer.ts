import { vi } from 'vitest';

/**
 * jsdom has no IntersectionObserver: a stand-in that reports every observed element as within reach
 * (`isIntersecting`), as the browser does on observe(). Undo with vi.unstubAllGlobals().
 */
export function stubIntersectionObserver({ isIntersecting = true }: { isIntersecting?: boolean } = {}) {
  const options: (IntersectionObserverInit | undefined)[] = [];
  class StubObserver {
    private readonly callback: IntersectionObserverCallback;
    private isConnected = true;
    constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      this.callback = callback;
      options.push(init);
    }
    observe(target: Element) {
      this.isConnected = true;
      const entry = { target, isIntersecting } as IntersectionObserverEntry;
      // Asynchronous, as in the browser, so a list that keeps loading does not starve the test.
      setTimeout(() => {
        if (this.isConnected) this.callback([entry], this as unknown as IntersectionObserver);
      }, 0);
    }
    unobserve() {}
    disconnect() {
      this.isConnected = false;
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', StubObserver);
  return { options };
}
