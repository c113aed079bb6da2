import { afterEach, describe, expect, it, vi } from 'vitest';
import { bringIntoView } from './scroll';

function element(animations: { finished: Promise<unknown> }[] = []) {
  const el = document.createElement('section');
  const scrollIntoView = vi.fn();
  el.scrollIntoView = scrollIntoView;
  el.getAnimations = () => animations as unknown as Animation[];
  return { el, scrollIntoView };
}

function prefersLessMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) => ({ matches: reduce && query.includes('reduce') }) as MediaQueryList,
  );
}

describe('bringIntoView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('scrolls smoothly, or at once for someone who asks for less motion', () => {
    prefersLessMotion(false);
    const smooth = element();
    bringIntoView(smooth.el, 'start');
    expect(smooth.scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
    prefersLessMotion(true);
    const still = element();
    bringIntoView(still.el);
    expect(still.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', behavior: 'auto' });
  });

  it('waits for an entrance animation to end, so it scrolls to where the element stays', async () => {
    prefersLessMotion(false);
    let arrive = () => {};
    const finished = new Promise<void>((resolve) => (arrive = resolve));
    const entering = element([{ finished }]);
    bringIntoView(entering.el, 'start');
    await Promise.resolve();
    expect(entering.scrollIntoView).not.toHaveBeenCalled();
    arrive();
    await vi.waitFor(() => expect(entering.scrollIntoView).toHaveBeenCalledTimes(1));
  });

  it('does nothing without an element', () => {
    expect(() => bringIntoView(null)).not.toThrow();
  });
});
