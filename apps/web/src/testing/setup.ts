import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearToasts } from '@/components/ui/use-toast';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { clearSession } from '@/lib/storage';

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

beforeEach(() => {
  // The default handler would do a full page load, which jsdom cannot.
  setUnauthorizedHandler(vi.fn());
});

afterEach(() => {
  cleanup();
  clearToasts();
  clearSession();
  localStorage.clear();
  vi.unstubAllGlobals();
});
