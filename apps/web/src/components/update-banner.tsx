import { RefreshCwIcon } from 'lucide-react';
import { PromptCard } from '@/components/prompt-card';
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
    <PromptCard
      label="App update"
      icon={RefreshCwIcon}
      title={text.title}
      onClose={putOffUpdate}
      actions={
        <>
          <Button size="sm" onClick={applyUpdate}>
            Reload
          </Button>
          <Button size="sm" variant="ghost" onClick={putOffUpdate}>
            Later
          </Button>
        </>
      }
    >
      {text.body}
    </PromptCard>
  );
}
