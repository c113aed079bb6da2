/**
 * Brings an element into view after something the person did made it appear out of sight (a
 * chosen photo's "Ready for Analysis", a scan's result, the camera): smoothly, unless they ask the
 * system for less motion. The page's `scroll-padding-top` (the sticky header's height) and the
 * element's `scroll-margin-top` keep it clear of the header.
 * An element still making its entrance (a shift or a scale) is scrolled to once it has arrived,
 * where it stays (decision 206).
 */
export function bringIntoView(element: Element | null, block: ScrollLogicalPosition = 'nearest') {
  if (!element) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)')?.matches ?? false;
  const scroll = () => element.scrollIntoView({ block, behavior: still ? 'auto' : 'smooth' });
  const entering = element.getAnimations?.() ?? [];
  if (entering.length === 0) scroll();
  else void Promise.allSettled(entering.map((animation) => animation.finished)).then(scroll);
}
