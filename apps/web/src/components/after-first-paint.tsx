import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** How long a page with no frames (a hidden tab) waits before rendering the rest anyway. */
const HIDDEN_TAB_WAIT_MS = 250;

/**
 * False until the page has painted once, then true (set in a transition, so what it reveals
 * renders in short slices). For what lies below a page's first screen when the top must show fast
 * (decision 040).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => startTransition(() => setPainted(true));
    // A frame's callback, then a task after it: that frame has been painted.
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(show, 0);
    });
    // A hidden tab has no frames.
    timer = setTimeout(show, HIDDEN_TAB_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Renders `fallback` until the page has painted once, then `children`. */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useAfterFirstPaint() ? children : fallback;
}
