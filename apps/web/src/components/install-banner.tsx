import { DownloadIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  isNativeApp,
  markPrompted,
  promptInstall,
  wasPrompted,
} from '@/lib/platform/install-prompt';
import { useInstallPrompt } from '@/lib/platform/use-install-prompt';
import { usePromptSlot } from '@/lib/prompt-queue';

/** docs/product-rules.md#download-and-install: the banner appears this long after the browser offers installation. */
export const INSTALL_BANNER_DELAY_MS = 5000;

/**
 * "Install Lumiskin" (docs/product-rules.md#download-and-install): 5 s after the browser offers installation,
 * only if the person was never prompted and not inside the native app. Install opens the
 * browser's dialog; Later and close dismiss it; any of the three is remembered.
 */
export function InstallBanner() {
  const { available } = useInstallPrompt();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!available || wasPrompted() || isNativeApp()) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), INSTALL_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [available]);

  // One prompt at a time (decision 080): it waits while the reminders card is on screen.
  const hasSlot = usePromptSlot('install', visible && available);
  if (!visible || !available || !hasSlot) return null;
  const dismiss = () => {
    markPrompted();
    setVisible(false);
  };
  return (
    <section
      aria-label="Install Lumiskin"
      className="fixed inset-x-3 bottom-3 z-40 print:hidden mx-auto flex max-w-md items-start gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-lg sm:bottom-6"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-text">
        <DownloadIcon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-sm font-semibold">Install Lumiskin</h2>
        <p className="mt-0.5 text-sm text-muted-foreground">
          Open it from your home screen, scan faster and see your routine offline.
        </p>
        <div className="mt-3 flex gap-2">
          <Button
            size="sm"
            onClick={() => {
              setVisible(false);
              void promptInstall();
            }}
          >
            Install
          </Button>
          <Button size="sm" variant="ghost" onClick={dismiss}>
            Later
          </Button>
        </div>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Close"
        className="rounded-full p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <XIcon className="size-4" aria-hidden />
      </button>
    </section>
  );
}
