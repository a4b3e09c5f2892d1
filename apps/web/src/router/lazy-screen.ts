import type { ComponentType } from 'react';
import { LAZY_CHUNK_TIMEOUT_MS } from '../lib/constants';

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/** Rejects when a screen's code has not arrived within the spec's 120 s, so the route shows a retry. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs = LAZY_CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Screen did not load within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A react-router lazy() that loads a screen module and uses its default export as the route's component. */
export function lazyScreen(load: ScreenLoader) {
  return async () => {
    const module = await withTimeout(load());
    return { Component: module.default };
  };
}
