/**
 * Ends the current task, so the browser can paint and answer input before the next step runs:
 * work split this way is several short tasks rather than one long one (slow phones' total
 * blocking time). `scheduler.yield()` resumes ahead of other queued tasks where the browser has it.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
