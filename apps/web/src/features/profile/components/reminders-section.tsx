import type { Account, NotifySwitches, UpdateAccountInput } from '@lumiskin/contract/account';
import { useEffect, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api/api-client';
import { useUpdateAccount } from '@/lib/api/update-account';
import { isNative } from '@/lib/platform/native';
import { disablePush, enablePush, pushState, type PushState } from '@/lib/platform/push';

const KINDS: { key: keyof NotifySwitches; label: string; text: string }[] = [
  { key: 'routine', label: 'Routine reminders', text: 'At your morning and evening times.' },
  { key: 'daily_quiz', label: 'Daily quiz', text: 'When today’s quiz is ready (once you play).' },
  { key: 'streak', label: 'Streak', text: 'In the evening, when your quiz streak would end.' },
  {
    key: 'progress_scan',
    label: 'Progress scan',
    text: 'Two weeks after your last scan.',
  },
  {
    key: 'new_article',
    label: 'New articles',
    text: 'In the topics of the articles you saved.',
  },
];

const PUSH_TEXT: Record<PushState, string> = {
  on: 'Reminders also arrive on this device when Lumiskin is closed.',
  off: 'Get reminders on this device even when Lumiskin is closed.',
  denied: 'Notifications are blocked for this site in your browser’s settings.',
  unsupported: 'This browser cannot receive push notifications (installing the app may help).',
};

/**
 * One reminder time. It shows the saved time (the account shown first may be the copy kept on the
 * device, and the server's answer replaces it) until the person edits it; then it keeps what they
 * typed, and is saved when they leave the field. Leaving a field not edited saves nothing: an
 * older copy's time never overwrites the server's.
 */
function ReminderTime({
  id,
  label,
  saved,
  disabled,
  onSave,
}: {
  id: string;
  label: string;
  saved: string;
  disabled: boolean;
  /** Saves the time; `done` runs once the server has answered either way. */
  onSave: (value: string, done: () => void) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const value = typed ?? saved;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        type="time"
        step={60}
        value={value}
        disabled={disabled}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={() => {
          if (typed === null) return;
          // Then the account again: the save's answer, or the saved time if it failed (a toast
          // says so) or if what was typed is no time.
          if (/^\d\d:\d\d$/.test(typed) && typed !== saved) onSave(typed, () => setTyped(null));
          else setTyped(null);
        }}
      />
    </div>
  );
}

/** Reminder times, the per-kind switches and push on this device (decision 033). */
export function RemindersSection({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const [push, setPush] = useState<PushState | null>(null);
  const [isPushBusy, setIsPushBusy] = useState(false);

  useEffect(() => {
    let live = true;
    // The Android app registers for push at start (lib/platform/native.ts): no switch for it here.
    if (isNative()) return;
    void pushState().then(
      (state) => live && setPush(state),
      () => live && setPush('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const save = (settings: UpdateAccountInput['settings'], done?: () => void) =>
    update.mutate(
      { settings },
      {
        onSuccess: () => toast.success('Settings saved'),
        onError: (error) => toast.error(errorMessage(error, 'Could not save the setting.')),
        onSettled: done,
      },
    );

  const togglePush = async (on: boolean) => {
    setIsPushBusy(true);
    try {
      if (on) setPush(await enablePush());
      else {
        await disablePush();
        setPush('off');
      }
    } catch (error) {
      toast.error(errorMessage(error, 'Push notifications could not be changed.'));
    } finally {
      setIsPushBusy(false);
    }
  };

  return (
    <section aria-labelledby="reminders-title">
      <h2 id="reminders-title" className="text-h3 font-semibold">
        Reminders
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        In the bell, at most three a day, in your time zone ({account.timezone}).
      </p>
      <div className="mt-3 grid grid-cols-2 gap-4 sm:max-w-sm">
        {(
          [
            ['morning_reminder_time', 'Morning'],
            ['evening_reminder_time', 'Evening'],
          ] as const
        ).map(([key, label]) => (
          <ReminderTime
            key={key}
            id={`setting-${key}`}
            label={label}
            saved={account.settings[key]}
            disabled={update.isPending}
            onSave={(value, done) => save({ [key]: value }, done)}
          />
        ))}
      </div>
      <ul className="mt-4 divide-y rounded-xl border">
        {KINDS.map(({ key, label, text }) => (
          <li key={key} className="flex items-center justify-between gap-4 p-4">
            <div className="min-w-0 wrap-break-word hyphens-auto">
              <label htmlFor={`notify-${key}`} className="font-medium">
                {label}
              </label>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
            <Switch
              id={`notify-${key}`}
              checked={account.settings.notify[key]}
              busy={update.isPending}
              onChange={(v) => save({ notify: { [key]: v } })}
            />
          </li>
        ))}
        {push !== null ? (
          <li className="flex items-center justify-between gap-4 p-4">
            <div className="min-w-0 wrap-break-word hyphens-auto">
              <label htmlFor="notify-push" className="font-medium">
                Push on this device
              </label>
              <p className="text-sm text-muted-foreground">{PUSH_TEXT[push]}</p>
            </div>
            <Switch
              id="notify-push"
              checked={push === 'on'}
              disabled={isPushBusy || push === 'denied' || push === 'unsupported'}
              onChange={(v) => void togglePush(v)}
            />
          </li>
        ) : null}
      </ul>
    </section>
  );
}
