import { RefreshCwIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { applyUpdate, putOffUpdate, useOfferedUpdate } from '@/lib/platform/app-update';
import { usePromptSlot } from '@/lib/prompt-queue';

const TEXT = {
  ready: {
    title: 'A new version of Lumiskin is ready',
    body: 'Reload to get the latest fixes and features. Your scans and routine stay as they are.',
  },
  activated: {
    title: 'Lumiskin was updated',
    body: 'Another window is on the new version. Reload this one to keep going with it.',
  },
} as const;

/**
 * Offers a new version of the app to a window that is open (decision 188). Like the other prompts
 * it waits for its turn and stays off pages where a person is in the middle of something (a scan,
 * a quiz); "Later" hides it until the app is opened again, which loads the new version anyway.
 */
export function UpdateBanner() {
  const update = useOfferedUpdate();
  const hasSlot = usePromptSlot('update', update !== 'none');
  if (update === 'none' || !hasSlot) return null;
  const text = TEXT[update];
  return (
    <section
      aria-label="App update"
      className="fixed inset-x-3 bottom-3 z-40 print:hidden mx-auto flex max-w-md items-start gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-lg sm:bottom-6"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-text">
        <RefreshCwIcon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-sm font-semibold">{text.title}</h2>
        <p className="mt-0.5 text-sm text-muted-foreground">{text.body}</p>
        <div className="mt-3 flex gap-2">
          <Button size="sm" onClick={applyUpdate}>
            Reload
          </Button>
          <Button size="sm" variant="ghost" onClick={putOffUpdate}>
            Later
          </Button>
        </div>
      </div>
      <button
        type="button"
        onClick={putOffUpdate}
        aria-label="Close"
        className="rounded-full p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <XIcon className="size-4" aria-hidden />
      </button>
    </section>
  );
}
