import { AccountMessages } from '@lumiskin/contract/account';
import { AuthMessages } from '@lumiskin/contract/auth';
import { MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
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
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { PasswordInput } from '@/components/password-input';
import { ApiRequestError, errorMessage } from '@/lib/api/api-client';
import {
  useCancelEmailChange,
  useChangeEmail,
  usePendingEmailChange,
} from '@/features/profile/api/change-email';
import { formatDateWith } from '@/lib/format';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Change email": the new address and the current password; the server mails a link to the new
 * address and the email changes when it is opened (decision 035).
 */
export function ChangeEmailDialog({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ newEmail: '', currentPassword: '' });
  const [errors, setErrors] = useState<{ newEmail?: string; currentPassword?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const reset = (next: boolean) => {
    setOpen(next);
    setForm({ newEmail: '', currentPassword: '' });
    setErrors({});
    setSentTo(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits inside the profile form in React's tree (a portal in the DOM): its submit
    // must not bubble there and save the profile too.
    event.stopPropagation();
    const newEmail = form.newEmail.trim();
    const found: typeof errors = {};
    if (!EMAIL.test(newEmail)) found.newEmail = AuthMessages.invalidEmail;
    else if (newEmail.toLowerCase() === currentEmail.toLowerCase()) {
      found.newEmail = AccountMessages.emailUnchanged;
    }
    if (!form.currentPassword) found.currentPassword = AccountMessages.passwordRequired;
    setErrors(found);
    if (found.newEmail || found.currentPassword) return;
    change.mutate(
      { newEmail, currentPassword: form.currentPassword },
      {
        onSuccess: () => setSentTo(newEmail),
        onError: (error) => {
          const fields = error instanceof ApiRequestError ? error.fields : undefined;
          const text = errorMessage(error, 'Could not change your email. Please try again.');
          setErrors(
            fields?.currentPassword
              ? { currentPassword: fields.currentPassword }
              : { newEmail: fields?.newEmail ?? text },
          );
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" className="shrink-0">
          Change email
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change your email</DialogTitle>
          <DialogDescription>
            We send a link to the new address. Your email changes when you open it; until then you
            sign in with <span className="break-all">{currentEmail}</span>.
          </DialogDescription>
        </DialogHeader>
        {sentTo ? (
          <div className="grid gap-4">
            <Alert variant="info" role="status">
              <MailCheckIcon aria-hidden />
              <p>
                {AccountMessages.emailChangeRequested} Check{' '}
                <strong className="break-all">{sentTo}</strong>.
              </p>
            </Alert>
            <DialogFooter>
              <Button type="button" onClick={() => reset(false)}>
                Done
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <Field id="change-email-new" label="New email" error={errors.newEmail}>
              <Input
                id="change-email-new"
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={254}
                value={form.newEmail}
                onChange={(e) => setForm({ ...form, newEmail: e.target.value })}
                {...fieldAria('change-email-new', errors.newEmail)}
              />
            </Field>
            <Field
              id="change-email-password"
              label="Current password"
              error={errors.currentPassword}
            >
              <PasswordInput
                id="change-email-password"
                autoComplete="current-password"
                value={form.currentPassword}
                onChange={(e) => setForm({ ...form, currentPassword: e.target.value })}
                {...fieldAria('change-email-password', errors.currentPassword)}
              />
            </Field>
            <DialogFooter>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? 'Sending...' : 'Send confirmation link'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Under the email: the change still waiting for its link (the address and until when the link
 * works), with a way to cancel it. Nothing while none is pending, or while it is being read.
 */
export function PendingEmailChangeNote() {
  const pending = usePendingEmailChange();
  const cancel = useCancelEmailChange();
  const change = pending.data;
  if (!change) return null;
  const until = formatDateWith(change.expires_at, { hour: 'numeric', minute: '2-digit' });
  const cancelChange = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast.success(AccountMessages.emailChangeCancelled),
      onError: (e) =>
        toast.error(errorMessage(e, 'The change could not be cancelled. Please try again.')),
    });
  return (
    <p className="mt-2 text-sm text-muted-foreground">
      Waiting for you to open the link sent to{' '}
      <strong className="break-words text-foreground">{change.new_email}</strong> (it works until{' '}
      {until}).{' '}
      <Button
        type="button"
        variant="link"
        className="h-auto p-0"
        disabled={cancel.isPending}
        onClick={cancelChange}
      >
        Cancel change
      </Button>
    </p>
  );
}
