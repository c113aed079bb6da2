import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * How long a list page's loader may hold the navigation for its data. A quick answer lets the page
 * paint once with its content (no skeleton pass before the largest paint); a slow one does not hold
 * the page shell back: the page shows its skeletons and its own query picks up the same request.
 */
export const PREFETCH_WAIT_MS = 800;

/** Waits for a prefetch (which never rejects) at most `ms`. */
export async function waitBriefly(prefetch: Promise<unknown>, ms = PREFETCH_WAIT_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([prefetch, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * A list page's filters live in its search params and the page's own query follows them: changing
 * them must not re-run the loader (that would hold each keystroke in the search field).
 */
export function revalidateOnNewPage({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;
}

/**
 * Asks for the image that will be the page's largest paint as soon as its address is known (the
 * loader's data), not after the page has rendered its <img>: the browser then has it when the
 * card paints. Once per address.
 */
export function preloadImage(href: string | undefined) {
  if (!href || typeof document === 'undefined') return;
  const selector = `link[rel="preload"][as="image"][href="${CSS.escape(href)}"]`;
  if (document.head.querySelector(selector)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}
