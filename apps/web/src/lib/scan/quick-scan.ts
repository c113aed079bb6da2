import { useEffect, useSyncExternalStore } from 'react';

/**
 * Screens with their own primary action at the bottom (a quiz question and its Next button) hide
 * the floating Quick Scan button while they are shown (decision 035).
 */
let hiders = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function useHideQuickScan(): void {
  useEffect(() => {
    hiders += 1;
    emit();
    return () => {
      hiders -= 1;
      emit();
    };
  }, []);
}

export function useIsQuickScanHiddenByPage(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hiders > 0,
    () => false,
  );
}

/**
 * What a finger could mean to tap. Anything in the stack of elements under a point counts (an
 * overlay such as the toast list may sit above the page there).
 */
const TAPPABLE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  'label',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="radio"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="option"]',
  '[role="menuitem"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * How far `element` is moved from its place by CSS: its `transform` and its `translate` (Tailwind 4
 * writes translate-* utilities as the `translate` property, which `transform` does not include).
 */
function slideOf(element: HTMLElement): { x: number; y: number } {
  const style = getComputedStyle(element);
  const matrix = new DOMMatrixReadOnly(style.transform === 'none' ? undefined : style.transform);
  let x = matrix.m41;
  let y = matrix.m42;
  // Computed as absolute lengths: "0px 96px", "4px" (x only) or "none".
  if (style.translate && style.translate !== 'none') {
    const [tx = '0', ty = '0'] = style.translate.split(/\s+/);
    x += Number.parseFloat(tx) || 0;
    y += Number.parseFloat(ty) || 0;
  }
  return { x, y };
}

/**
 * Whether anything tappable lies under `button` where it sits when shown: its corners (1 px in),
 * the middles of its edges and its centre. The box is taken without the translation that slides
 * the button away, so a hidden button can tell whether it may come back.
 */
export function tappableBeneath(button: HTMLElement): boolean {
  // Browsers have both; a DOM without layout (jsdom) has neither and nothing to cover.
  if (typeof document.elementsFromPoint !== 'function' || typeof DOMMatrixReadOnly === 'undefined')
    return false;
  const box = button.getBoundingClientRect();
  const shift = slideOf(button);
  const left = box.left - shift.x + 1;
  const top = box.top - shift.y + 1;
  const right = left + box.width - 2;
  const bottom = top + box.height - 2;
  const xs = [left, (left + right) / 2, right];
  const ys = [top, (top + bottom) / 2, bottom];
  for (const x of xs) {
    for (const y of ys) {
      for (const element of document.elementsFromPoint(x, y)) {
        if (!button.contains(element) && element.closest(TAPPABLE)) return true;
      }
    }
  }
  return false;
}
