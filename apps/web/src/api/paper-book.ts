import { useSyncExternalStore } from 'react';

/**
 * Whether this session trades in paper (docs/adr/0026-paper-trading.md). The server marks every
 * answer to a session in paper with `book: "paper"`; the client notes the mark on each answer, and
 * the answers that say the book outright (the paper calls' `active`, the account centre's `book`)
 * also turn it off. The banner on every screen reads it.
 */
let isPaper = false;
const listeners = new Set<() => void>();

export function setPaperBook(value: boolean): void {
  if (isPaper === value) return;
  isPaper = value;
  for (const listener of listeners) listener();
}

export function isPaperBook(): boolean {
  return isPaper;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePaperBook(): boolean {
  return useSyncExternalStore(subscribe, isPaperBook, isPaperBook);
}

/** Notes what an answer says about the book: the mark turns paper on; the calls that name the book decide. */
export function notePaperMark(path: string, envelope: { book?: unknown; data?: unknown } | null): void {
  if (!envelope) return;
  if (envelope.book === 'paper') {
    setPaperBook(true);
    return;
  }
  const data = envelope.data as { active?: unknown; book?: unknown } | null | undefined;
  if (path.startsWith('paper/') && typeof data?.active === 'boolean') setPaperBook(data.active);
  else if (path === 'user/getUserinfo' && data?.book === 'real') setPaperBook(false);
}
