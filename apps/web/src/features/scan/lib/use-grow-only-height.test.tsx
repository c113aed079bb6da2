import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGrowOnlyHeight } from './use-grow-only-height';

/** jsdom lays nothing out: the element's box is what the test says, min-height included. */
let content = { width: 360, height: 80 };
let notify: () => void = () => {};
class FakeResizeObserver {
  constructor(callback: () => void) {
    notify = callback;
  }
  observe() {
    notify();
  }
  disconnect() {}
}

function Probe() {
  const ref = useGrowOnlyHeight<HTMLDivElement>();
  return <div ref={ref} data-testid="guidance" />;
}

function mount() {
  const { getByTestId, unmount } = render(<Probe />);
  const element = getByTestId('guidance');
  vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => {
    const hold = Number.parseFloat(element.style.minHeight) || 0;
    return { width: content.width, height: Math.max(content.height, hold) } as DOMRect;
  });
  return { element, unmount };
}

describe('useGrowOnlyHeight', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the tallest height at a width, and starts over at a new width', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    content = { width: 360, height: 80 };
    const { element, unmount } = mount();
    notify();
    expect(element.style.minHeight).toBe('80px');
    // Two hints become one line: what follows does not move up.
    content = { width: 360, height: 36 };
    notify();
    expect(element.style.minHeight).toBe('80px');
    // A longer instruction needs more room: the hold grows with it.
    content = { width: 360, height: 100 };
    notify();
    expect(element.style.minHeight).toBe('100px');
    // Turned sideways: the content alone decides again.
    content = { width: 700, height: 36 };
    notify();
    expect(element.style.minHeight).toBe('36px');
    unmount();
    expect(element.style.minHeight).toBe('');
  });

  it('does nothing where the browser has no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const { element } = mount();
    expect(element.style.minHeight).toBe('');
  });
});
