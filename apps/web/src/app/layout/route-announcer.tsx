import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** index.html's title: what the window shows while a page has not set its own. */
export const UNTITLED = 'Lumiskin — skincare that learns you';

/** How often, and for how long, to wait for the new page to set its title. */
const POLL_MS = 100;
const WAIT_MS = 1_500;

/**
 * Says the new page's name to a screen reader when the app moves to another page in place (a
 * link, a redirect, the back button). A browser announces the title of a page it loads; an app
 * that swaps the page without loading one says nothing, and the focus stays on the link that was
 * clicked, so a blind person could not tell whether anything happened. The page's title says it
 * (each page sets its own, some once their data has come: the announcement waits for it); a page
 * still untitled after a moment's wait is named by its main heading.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  // The first page was loaded, and announced, by the browser; a query string alone (a filter, a
  // tab) is not a new page.
  const announced = useRef(pathname);
  useEffect(() => {
    if (announced.current === pathname) return;
    announced.current = pathname;
    const started = Date.now();
    const timer = setInterval(() => {
      const titled = document.title !== UNTITLED || pathname === '/';
      if (!titled && Date.now() - started < WAIT_MS) return;
      clearInterval(timer);
      const heading = document.querySelector('main h1')?.textContent?.trim();
      setMessage(titled || !heading ? document.title : heading);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pathname]);
  return (
    <p id="route-announcer" aria-live="assertive" aria-atomic="true" className="sr-only">
      {message}
    </p>
  );
}
