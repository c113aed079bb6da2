import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';

/** How long a page with no frames (a hidden tab) waits before rendering the rest anyway. */
const HIDDEN_TAB_WAIT_MS = 250;

/** Whether the app's first screen has been painted (then nothing needs to wait for it again). */
let painted = false;

/**
 * The page on screen has been painted: a server-rendered page the app takes over (boot.ts starts
 * the app after its first paint), or the app shell's first screen.
 */
export function markFirstPaint(): void {
  painted = true;
}

/**
 * False until the app's first screen has painted, then true (set in a transition, so what it
 * reveals renders in short slices). For what lies below a page's first screen, or is not needed
 * there, when the top must show fast (decision 040). Once the first screen is up (a later
 * navigation, a hydrated server page), it is true from the start.
 */
export function useAfterFirstPaint(): boolean {
  const [isPainted, setPainted] = useState(painted);
  useEffect(() => {
    if (isPainted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      markFirstPaint();
      startTransition(() => setPainted(true));
    };
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
  }, [isPainted]);
  return isPainted;
}

/**
 * Renders `fallback` until the app's first screen has painted, then `children`, showing the same
 * `fallback` while a lazy component among them loads (so the place looks the same throughout).
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useAfterFirstPaint() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/** Tests start each case from a page that has not painted. */
export function resetFirstPaintForTests(): void {
  painted = false;
}
