import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { setUnauthorizedHandler } from '@/lib/api/api-client';
import { clearSession } from '@/lib/platform/storage';
import { takeContractViolations } from '@/testing/fake-api';

// What appears after a lazily loaded chunk (a tooltip's code, a note's) waits for Vite to transform
// that chunk on first import: past the default 1 s on two busy cores (a run beside another suite
// missed the conditions note twice). Only the wait is longer; a thing that never comes still fails.
configure({ asyncUtilTimeout: 4_000 });

// jsdom lacks these browser APIs that Radix primitives and the theme provider touch.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.scrollTo = () => {};

/*
 * A console.error fails the test (Epic Stack tests/setup/setup-test-env.ts): React's warnings
 * (act, keys, hydration) and our own logged failures are bugs to fix, not noise. The errors are
 * still printed, and collected to fail the test once it ends, since a throw inside React's
 * rendering could be caught by an error boundary instead of failing anything.
 */
const originalConsoleError = console.error;
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  // The default handler would do a full page load, which jsdom cannot.
  setUnauthorizedHandler(vi.fn());
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalConsoleError(...args);
  };
});

afterEach(() => {
  cleanup();
  clearToasts();
  clearSession();
  localStorage.clear();
  vi.unstubAllGlobals();
  console.error = originalConsoleError;
  // A fake API answer the server could not send (testing/fake-api.ts) fails the test too.
  const violations = takeContractViolations();
  if (violations.length > 0) {
    throw new Error(`fake API answers break the contract:\n${violations.join('\n')}`);
  }
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map((arg) => (arg instanceof Error ? arg.stack : String(arg)));
    throw new Error(
      `console.error was called ${consoleErrors.length} time(s) during the test; the first:\n${first?.join(' ')}`,
    );
  }
});
