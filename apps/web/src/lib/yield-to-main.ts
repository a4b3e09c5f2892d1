interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and continues in a new one, so the browser can paint and answer input in
 * between (a slow phone's start-up is many short tasks instead of one long one). scheduler.yield()
 * continues ahead of other queued work where the browser has it; elsewhere a zero timeout does.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
