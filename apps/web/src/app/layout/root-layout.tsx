import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useAfterFirstPaint } from '@/components/after-first-paint';
import { AnnouncementBanner } from '@/components/announcement-banner';
import { FlashNotice } from '@/components/flash-notice';
import { HydrationSlice } from '@/components/hydration-slice';
import { InstallBanner } from '@/components/install-banner';
import { OfflineBar } from '@/components/offline-bar';
import { PushPrompt } from '@/components/push-prompt';
import { UpdateBanner } from '@/components/update-banner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/api/auth';
import { useIsPromptShown } from '@/lib/prompt-queue';
import { arrivedAt } from '@/lib/platform/storage';
import { Footer } from '@/app/layout/footer';
import { Navbar } from '@/app/layout/navbar';
import { QUICK_SCAN_CLEARANCE, QuickScanButton } from '@/app/layout/quick-scan-button';
import { RouteAnnouncer } from '@/app/layout/route-announcer';

/**
 * Pages where a person is in the middle of something, or reading a result: no prompt opens there
 * (decision 080; the reminders card covered a scan's first results, and the delivery address of a
 * checkout on a phone).
 */
const BUSY_PAGES =
  /^\/(scan|analysis|quiz\/|checkout|orders\/|login|register|forgot-password|reset-password|confirm-email|admin)/;

/** Room under the footer for a prompt on screen, so the page's end can scroll above it. */
const PROMPT_CLEARANCE = 'pb-56';

/**
 * Marks <html data-app-ready> once the page is live: rendered by the app, or its server HTML
 * hydrated (this sits in the page's hydration slice, so it commits with the page). Tests wait for
 * it before typing into a server-rendered page; card and section slices below hydrate on their own,
 * and React replays a click on one that has not yet.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

export function RootLayout() {
  const session = useSession();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const isPromptShown = useIsPromptShown();
  const mayPrompt = !BUSY_PAGES.test(pathname);
  // One floating thing at a time: the quick scan steps aside while a prompt is on screen.
  const showQuickScan = session !== null && pathname !== paths.scan.path && !isPromptShown;
  const showFooter = useAfterFirstPaint();
  useEffect(() => arrivedAt(pathname), [pathname]);
  // The mark public/theme-init.js sets before the first paint follows the session from now on.
  useEffect(() => {
    document.documentElement.toggleAttribute('data-session', session !== null);
  }, [session]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
        >
          <div className="h-full w-1/3 animate-progress-bar bg-gradient-to-r from-brand to-accent" />
        </div>
      ) : null}
      <HydrationSlice>
        <Navbar />
      </HydrationSlice>
      <OfflineBar />
      <AnnouncementBanner />
      <main id="main" className="flex-1">
        <FlashNotice />
        <HydrationSlice>
          <Outlet />
          <PageReady />
        </HydrationSlice>
      </main>
      {/* Space under the footer so the floating button never covers its last line. Always below
          the first screen: the app shell builds it once that screen has painted (decision 040). */}
      {showFooter ? (
        <HydrationSlice>
          <Footer
            className={
              isPromptShown ? PROMPT_CLEARANCE : showQuickScan ? QUICK_SCAN_CLEARANCE : undefined
            }
          />
        </HydrationSlice>
      ) : null}
      {showQuickScan ? <QuickScanButton /> : null}
      {mayPrompt ? (
        <>
          <UpdateBanner />
          <InstallBanner />
          <PushPrompt signedIn={session !== null} />
        </>
      ) : null}
      <RouteAnnouncer />
      <ScrollRestoration />
    </div>
  );
}
