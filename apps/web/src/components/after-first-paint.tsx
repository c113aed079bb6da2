import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** How long a page with no frames (a hidden tab) waits before rendering the rest anyway. */
const HIDDEN_TAB_WAIT_MS = 250;

/**
 * Renders `fallback` until the page has painted once, then `children` (as a transition, in short
 * slices). For what is below the first screen of a page whose top must show fast: on a phone the
 * dashboard's lower cards were half the first render's elements, and the latest scan's scores
 * waited for all of them to be built, committed and laid out (decision 035). The cards still
 * come, a moment later, with the data their queries already have.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
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
  return painted ? children : fallback;
}
