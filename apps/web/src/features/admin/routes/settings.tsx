import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANNOUNCEMENT_MAX,
  SiteSettings,
  type AdminSettings,
  type SettingKey,
} from '@lumiskin/contract/settings';
import { useForm } from 'react-hook-form';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, fieldAria } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useAdminSettings, useSaveSettings } from '@/features/admin/api/settings';
import { AdminOnly } from '@/features/admin/components/admin-only';
import { errorMessage } from '@/lib/api/api-client';
import { formatDateTime } from '@/lib/format';
import { Textarea } from '@/components/ui/textarea';

function LastChange({ settings, keyName }: { settings: AdminSettings; keyName: SettingKey }) {
  const change = settings.changes[keyName];
  return (
    <p className="text-xs text-muted-foreground">
      {change
        ? `Last changed ${formatDateTime(change.updated_at)}${change.updated_by ? ` by ${change.updated_by}` : ''}`
        : 'Never changed: the default holds.'}
    </p>
  );
}

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const save = useSaveSettings();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isDirty, dirtyFields },
  } = useForm<SiteSettings>({
    resolver: zodResolver(SiteSettings),
    defaultValues: {
      announcement: settings.announcement,
      signups_open: settings.signups_open,
      scans_open: settings.scans_open,
    },
  });
  const announcement = watch('announcement');
  const onSubmit = handleSubmit((values) => {
    // Only what changed: each change is one audit entry.
    const body = Object.fromEntries(
      Object.entries(values).filter(([key]) => dirtyFields[key as SettingKey]),
    );
    save.mutate(body, {
      onSuccess: (saved) => {
        reset({
          announcement: saved.announcement,
          signups_open: saved.signups_open,
          scans_open: saved.scans_open,
        });
        toast.success('Settings saved');
      },
      onError: (error) => toast.error(errorMessage(error, 'The settings were not saved')),
    });
  });
  const switchRow = (key: 'signups_open' | 'scans_open', label: string, help: string) => (
    <div className="grid gap-1">
      <label className="flex min-h-9 items-center gap-3 text-sm font-medium">
        <input type="checkbox" className="size-5 accent-primary" {...register(key)} />
        {label}
      </label>
      <p className="text-sm text-muted-foreground">{help}</p>
      <LastChange settings={settings} keyName={key} />
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4">
      <Card className="grid gap-2 p-4 sm:p-5">
        <Field
          id="settings-announcement"
          label="Announcement banner"
          error={errors.announcement?.message}
        >
          <Textarea
            id="settings-announcement"
            rows={2}
            maxLength={ANNOUNCEMENT_MAX + 20}
            placeholder="Shown over every page; leave empty for none"
            className="min-h-0"
            {...fieldAria('settings-announcement', errors.announcement?.message)}
            {...register('announcement')}
          />
        </Field>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {announcement.trim().length} of {ANNOUNCEMENT_MAX} characters · plain text
        </p>
        <LastChange settings={settings} keyName="announcement" />
      </Card>
      <Card className="grid gap-5 p-4 sm:p-5">
        {switchRow(
          'signups_open',
          'Sign-ups open',
          'Off: new accounts cannot be created (the register page says so); everyone else signs in as usual.',
        )}
        {switchRow(
          'scans_open',
          'Skin scans open',
          'Off: new scans are refused with a short message, e.g. while the analysis service has a problem. History and routines stay readable.',
        )}
      </Card>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
        <Button type="button" variant="ghost" disabled={!isDirty} onClick={() => reset()}>
          Undo changes
        </Button>
      </div>
    </form>
  );
}

function SettingsScreen() {
  const settings = useAdminSettings();
  if (settings.isPending) return <Spinner />;
  if (settings.isError)
    return <LoadError what="the settings" onRetry={() => void settings.refetch()} />;
  return <SettingsForm settings={settings.data} />;
}

/** Site settings (admin only): the banner, sign-ups and scans; every change is audited. */
export default function AdminSettingsRoute() {
  return (
    <div className="space-y-4">
      <title>Settings — Admin — Lumiskin</title>
      <h1 className="text-2xl font-bold">Settings</h1>
      <AdminOnly what="change the site settings">
        <SettingsScreen />
      </AdminOnly>
    </div>
  );
}
