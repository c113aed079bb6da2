import { DownloadIcon } from 'lucide-react';
import { PromptCard } from '@/components/prompt-card';
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
    <PromptCard
      label="Install Lumiskin"
      icon={DownloadIcon}
      title="Install Lumiskin"
      onClose={dismiss}
      actions={
        <>
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
        </>
      }
    >
      Open it from your home screen, scan faster and see your routine offline.
    </PromptCard>
  );
}
