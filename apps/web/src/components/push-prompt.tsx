import { BellRingIcon } from 'lucide-react';
import { useState } from 'react';
import { PromptCard } from '@/components/prompt-card';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useRoutine } from '@/lib/api/get-routine';
import { enablePush, isPushSupported, PUSH_PROMPTED_KEY } from '@/lib/platform/push';
import { getItem, setItem } from '@/lib/platform/storage';
import { usePromptSlot } from '@/lib/prompt-queue';

/** Whether this device should be asked at all (before any data is fetched). */
function mayAsk(): boolean {
  return (
    isPushSupported() &&
    Notification.permission === 'default' &&
    getItem(PUSH_PROMPTED_KEY) === null
  );
}

/**
 * The Web Push opt-in (decision 033): asked once per device, only once the person has a routine
 * to be reminded of — never on a first visit — and never inside the native app. "Not now" is
 * remembered like an answer; the Settings tab can still turn push on later.
 */
export function PushPrompt({ signedIn }: { signedIn: boolean }) {
  const [isAskable, setIsAskable] = useState(mayAsk);
  const [isBusy, setIsBusy] = useState(false);
  const routine = useRoutine({ enabled: signedIn && isAskable });
  const steps = (routine.data?.morning.length ?? 0) + (routine.data?.evening.length ?? 0);
  // One prompt at a time (decision 080).
  const hasSlot = usePromptSlot('push', signedIn && isAskable && steps > 0);
  if (!signedIn || !isAskable || steps === 0 || !hasSlot) return null;

  const close = () => {
    setItem(PUSH_PROMPTED_KEY, new Date().toISOString());
    setIsAskable(false);
  };
  const turnOn = async () => {
    setIsBusy(true);
    try {
      const state = await enablePush();
      if (state === 'on') toast.success('Reminders will reach this device.');
      else if (state === 'denied')
        toast.error('Notifications are blocked in this browser’s settings.');
    } catch {
      toast.error('Reminders could not be turned on. Try again from Settings.');
    } finally {
      setIsBusy(false);
      close();
    }
  };

  return (
    <PromptCard
      label="Routine reminders"
      icon={BellRingIcon}
      title="Get reminded of your routine?"
      onClose={close}
      actions={
        <>
          <Button size="sm" disabled={isBusy} onClick={() => void turnOn()}>
            Turn on reminders
          </Button>
          <Button size="sm" variant="ghost" onClick={close}>
            Not now
          </Button>
        </>
      }
    >
      A nudge at your morning and evening times, and when your quiz streak is about to end. At most
      three a day.
    </PromptCard>
  );
}
