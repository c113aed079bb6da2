import { useEffect, useRef } from 'react';

/**
 * Holds an element at the tallest it has been at its current width: its content may change size
 * (the camera's guidance goes from two framing hints to one live instruction, wraps to two lines,
 * back to one), but what lies below it stays where it is. A person aiming at Capture saw it jump
 * by 20–64 px several times a second while the live gate spoke (decision 213). A new width (a
 * phone turned) starts over from the content's own height.
 */
export function useGrowOnlyHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let width = -1;
    let tallest = 0;
    const observer = new ResizeObserver(() => {
      const box = element.getBoundingClientRect();
      if (box.width !== width) {
        // Measured without the hold: at a new width the content alone decides.
        width = box.width;
        element.style.minHeight = '';
        tallest = element.getBoundingClientRect().height;
      } else {
        tallest = Math.max(tallest, box.height);
      }
      element.style.minHeight = `${tallest}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.style.minHeight = '';
    };
  }, []);
  return ref;
}
