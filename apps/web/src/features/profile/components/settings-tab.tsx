import { AccountMessages, type Account } from '@lumiskin/contract/account';
import { AuthMessages } from '@lumiskin/contract/auth';
import { MIN_PASSWORD_LENGTH } from '@lumiskin/contract/constants';
import { newPasswordProblem } from '@lumiskin/contract/password';
import { DeviceScanMessages } from '@lumiskin/contract/device-scan';
import { DownloadIcon, TriangleAlertIcon } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { PasswordInput } from '@/components/password-input';
import { Field, fieldAria } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api/api-client';
import { useChangePassword } from '@/features/profile/api/change-password';
import { useDeleteAccount } from '@/features/profile/api/delete-account';
import { downloadAccountExport } from '@/features/profile/api/export-account';
import { useUpdateAccount } from '@/lib/api/update-account';
import { Switch } from '@/components/ui/switch';
import { DevicesSection } from '@/features/profile/components/devices-section';
import { PhotoConsentSection } from '@/features/profile/components/photo-consent-section';
import { RemindersSection } from '@/features/profile/components/reminders-section';

type ToggleKey = 'email_notifications' | 'data_sharing' | 'marketing' | 'analyse_on_device';

const TOGGLES: { key: ToggleKey; label: string; text: string }[] = [
  {
    key: 'email_notifications',
    label: 'Email Notifications',
    text: 'Also email me when a progress scan is due or a new article appears in my topics.',
  },
  {
    key: 'data_sharing',
    label: 'Data Sharing',
    text: 'Let anonymised, aggregated scores help improve Lumiskin. Photos are never shared.',
  },
  {
    key: 'marketing',
    label: 'Marketing Communications',
    text: 'Offers and new products, now and then.',
  },
  {
    key: 'analyse_on_device',
    label: 'Analyse on this device',
    text: DeviceScanMessages.photoStays,
  },
];

type PasswordForm = { currentPassword: string; password: string; confirmPassword: string };
type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;
const PASSWORD_FIELD_IDS = {
  currentPassword: 'current-password',
  password: 'new-password',
  confirmPassword: 'confirm-new-password',
} as const;
const EMPTY_PASSWORD_FORM: PasswordForm = {
  currentPassword: '',
  password: '',
  confirmPassword: '',
};

/** What is wrong with the form before it is sent, field by field (the contract's rules). */
function passwordFormErrors(form: PasswordForm): PasswordErrors {
  const found: PasswordErrors = {};
  if (!form.currentPassword) found.currentPassword = AccountMessages.passwordRequired;
  const problem = newPasswordProblem(form.password);
  if (problem) found.password = problem;
  if (form.password !== form.confirmPassword)
    found.confirmPassword = AuthMessages.passwordsDontMatch;
  return found;
}

/**
 * Change password: each problem is said under its field (and the first such field takes the
 * focus), as the sign-up form does; a wrong current password comes back from the server under
 * that field. Success is a toast, and the fields empty.
 */
function ChangePasswordForm() {
  const change = useChangePassword();
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const set = (key: keyof PasswordForm, value: string) => {
    setForm({ ...form, [key]: value });
    // An error goes once its field is edited; the others stay until the next submit.
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = passwordFormErrors(form);
    setErrors(found);
    const first = (['currentPassword', 'password', 'confirmPassword'] as const).find(
      (key) => found[key],
    );
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`#${PASSWORD_FIELD_IDS[first]}`)?.focus();
      return;
    }
    change.mutate(form, {
      onSuccess: ({ message }) => {
        toast.success(message || AccountMessages.passwordChanged);
        setForm(EMPTY_PASSWORD_FORM);
      },
      onError: (error) => {
        const fields = error instanceof ApiRequestError ? error.fields : undefined;
        const key = fields?.currentPassword
          ? 'currentPassword'
          : fields?.password
            ? 'password'
            : null;
        if (key === null) {
          toast.error(errorMessage(error, 'Could not change your password.'));
          return;
        }
        setErrors({ [key]: fields?.[key] });
        document.getElementById(PASSWORD_FIELD_IDS[key])?.focus();
      },
    });
  };
  const input = (key: keyof PasswordForm, autoComplete: string) => ({
    id: PASSWORD_FIELD_IDS[key],
    autoComplete,
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    ...fieldAria(PASSWORD_FIELD_IDS[key], errors[key]),
  });
  return (
    <form onSubmit={submit} className="grid gap-4 sm:max-w-md" noValidate>
      <Field
        id={PASSWORD_FIELD_IDS.currentPassword}
        label="Current password"
        error={errors.currentPassword}
      >
        <PasswordInput {...input('currentPassword', 'current-password')} />
      </Field>
      <Field id={PASSWORD_FIELD_IDS.password} label="New password" error={errors.password}>
        <PasswordInput
          {...input('password', 'new-password')}
          placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
        />
      </Field>
      <Field
        id={PASSWORD_FIELD_IDS.confirmPassword}
        label="Confirm new password"
        error={errors.confirmPassword}
      >
        <PasswordInput {...input('confirmPassword', 'new-password')} />
      </Field>
      <div>
        <Button type="submit" variant="outline" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}

function DeleteAccountDialog() {
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Closed, the dialog forgets the password typed into it and its error.
  const openChange = (next: boolean) => {
    setOpen(next);
    setPassword('');
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(AccountMessages.passwordRequired);
      return;
    }
    setError(null);
    remove.mutate(
      { password },
      {
        onSuccess: () => toast.success(AccountMessages.accountDeleted),
        onError: (e) => setError(errorMessage(e, 'Could not delete your account.')),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete Account</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This removes your profile, every scan and photo, your routine, mix, quiz progress and
            sessions. It cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="delete-password" label="Your password" error={error ?? undefined}>
            <PasswordInput
              id="delete-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              {...fieldAria('delete-password', error ?? undefined)}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => openChange(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The Settings tab (docs/product-rules.md#profile): four toggles (saved), reminders, password,
 * signed-in devices, the photo consent, export, Danger Zone.
 */
export function SettingsTab({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const [isExporting, setIsExporting] = useState(false);

  const setSetting = (key: ToggleKey, value: boolean) =>
    update.mutate(
      { settings: { [key]: value } },
      {
        onSuccess: () => toast.success('Settings saved'),
        onError: (error) => toast.error(errorMessage(error, 'Could not save the setting.')),
      },
    );

  const exportData = async () => {
    setIsExporting(true);
    try {
      await downloadAccountExport();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not export your data.'));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <div className="grid grid-cols-1 gap-8">
      <section aria-labelledby="prefs-title">
        <h2 id="prefs-title" className="text-h3 font-semibold">
          Preferences
        </h2>
        <ul className="mt-3 divide-y rounded-xl border">
          {TOGGLES.map(({ key, label, text }) => (
            <li key={key} className="flex items-center justify-between gap-4 p-4">
              {/* A word too long for a phone in the reader's large text breaks, the switch stays. */}
              <div className="min-w-0 wrap-break-word hyphens-auto">
                <label htmlFor={`setting-${key}`} className="font-medium">
                  {label}
                </label>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
              <Switch
                id={`setting-${key}`}
                checked={account.settings[key]}
                busy={update.isPending}
                onChange={(v) => setSetting(key, v)}
              />
            </li>
          ))}
        </ul>
      </section>
      <RemindersSection account={account} />
      <section aria-labelledby="password-title">
        <h2 id="password-title" className="text-h3 font-semibold">
          Change password
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">
          Other devices are signed out; this one stays signed in.
        </p>
        <ChangePasswordForm />
      </section>
      <DevicesSection />
      <PhotoConsentSection />
      <section aria-labelledby="export-title">
        <h2 id="export-title" className="text-h3 font-semibold">
          Your data
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">
          Download everything we hold about you, photos included, as one JSON file.
        </p>
        <Button variant="outline" onClick={() => void exportData()} disabled={isExporting}>
          <DownloadIcon aria-hidden /> {isExporting ? 'Preparing...' : 'Export my data'}
        </Button>
      </section>
      <section
        aria-labelledby="danger-title"
        className="rounded-xl border border-destructive/40 bg-destructive-soft/40 p-5"
      >
        <h2 id="danger-title" className="flex items-center gap-2 text-h3 font-semibold">
          <TriangleAlertIcon className="size-5 text-destructive dark:text-[#f87171]" aria-hidden />
          Danger Zone
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">
          Deleting your account cannot be undone. All your scans, photos and data go with it.
        </p>
        <DeleteAccountDialog />
      </section>
    </div>
  );
}
