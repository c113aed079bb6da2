import { useEffect } from 'react';
import { API_BASE, keepaliveRequest } from '@/lib/api/api-client';
import { getToken } from '@/lib/platform/storage';

/** How long the article must be on screen (tab visible) before it counts as read. */
export const VIEW_AFTER_MS = 2000;

/**
 * POST /api/blog/posts/{id}/view (204): the server counts it once per reader, or per IP and day
 * for a visitor (decision 035). A visitor's goes by `navigator.sendBeacon`; a reader's needs the
 * Authorization header, which a beacon cannot carry, so it is a `keepalive` fetch (sent even when
 * the page is left at once). The answer is never read: a view that fails to count is no error.
 */
export function sendViewBeacon(postId: string): void {
  const path = `/blog/posts/${encodeURIComponent(postId)}/view`;
  const beacon = typeof navigator.sendBeacon === 'function';
  if (!getToken() && beacon && navigator.sendBeacon(`${API_BASE}${path}`)) return;
  void keepaliveRequest(path, 'POST').catch(() => {});
}

/**
 * Sends the article's view once it has been visible for VIEW_AFTER_MS without a break: a tab
 * opened in the background, a prerendered page (hidden until shown) or a quick bounce sends
 * nothing. Once per article per mount.
 */
export function useViewBeacon(postId: string | undefined): void {
  useEffect(() => {
    if (!postId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sent = false;
    const watch = () => {
      clearTimeout(timer);
      if (sent || document.visibilityState !== 'visible') return;
      timer = setTimeout(() => {
        sent = true;
        sendViewBeacon(postId);
      }, VIEW_AFTER_MS);
    };
    watch();
    document.addEventListener('visibilitychange', watch);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', watch);
    };
  }, [postId]);
}
