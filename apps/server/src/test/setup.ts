import { afterEach, beforeEach, expect, vi } from 'vitest';

// A test fails on an unexpected console.error: errors must be asserted, not scrolled past.
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'unexpected console.error').toEqual([]);
});
