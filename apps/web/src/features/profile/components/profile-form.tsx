import { AccountMessages, type Account } from '@lumiskin/contract/account';
import {
  PROFILE_CONCERNS,
  SKIN_TYPES,
  type ProfileConcern,
  type SkinType,
} from '@lumiskin/contract/auth';
import { CheckIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api/api-client';
import { cn } from '@/lib/utils';
import { useUpdateAccount } from '@/lib/api/update-account';
import { LeaveGuard } from '@/components/leave-guard';
import { usePendingEmailChange } from '@/features/profile/api/change-email';
import {
  ChangeEmailDialog,
  PendingEmailChangeNote,
} from '@/features/profile/components/change-email-dialog';
import { useSendEmailConfirmation } from '@/features/profile/api/send-email-confirmation';
import { Textarea } from '@/components/ui/textarea';

/** An address not proved yet (decision 070): say so, and offer a new link. */
function UnconfirmedEmailNote() {
  const send = useSendEmailConfirmation();
  const ask = () =>
    send.mutate(undefined, {
      onSuccess: (res) => toast.success(res.message),
      onError: (e) => toast.error(errorMessage(e, 'The link could not be sent. Please try again.')),
    });
  return (
    <p className="mt-2 text-sm text-muted-foreground">
      Not confirmed yet: open the link we mailed to this address.{' '}
      <Button
        type="button"
        variant="link"
        className="h-auto p-0"
        disabled={send.isPending}
        onClick={ask}
      >
        Send a new link
      </Button>
    </p>
  );
}

const CONCERN_LABELS: Record<ProfileConcern, string> = {
  acne: 'Acne',
  blackheads: 'Blackheads',
  'large-pores': 'Large pores',
  dullness: 'Dullness',
  'dark-spots': 'Dark spots',
  'fine-lines': 'Fine lines',
  wrinkles: 'Wrinkles',
  sensitivity: 'Sensitivity',
  dryness: 'Dryness',
  oiliness: 'Oiliness',
};

type ProfileFields = {
  name: string;
  skinType: SkinType;
  skinConcerns: ProfileConcern[];
  notes: string;
};

const fieldsOf = (account: Account): ProfileFields => ({
  name: account.name,
  skinType: account.profile.skinType,
  skinConcerns: account.profile.skinConcerns,
  notes: account.notes,
});

/**
 * The Profile tab (docs/product-rules.md#profile), saved for real with PATCH /api/users/me.
 *
 * The account shown first may be the copy kept on the device, and the server's answer can arrive
 * while the person is already typing: each field follows the account until the person edits it,
 * and then keeps what they typed (the form used to start again from the server's answer, which
 * threw away a name typed before it arrived).
 */
export function ProfileForm({ account }: { account: Account }) {
  const update = useUpdateAccount();
  // A change waiting for its link: opening that link proves the new address (decision 070), so
  // the old one's confirmation is not asked for meanwhile.
  const isChangePending = Boolean(usePendingEmailChange().data);
  const [form, setForm] = useState(() => fieldsOf(account));
  const edited = useRef(new Set<keyof ProfileFields>());
  /** The name's problem, said under it (it was a toast that left the field unmarked). */
  const [nameError, setNameError] = useState<string | undefined>();
  const nameRef = useRef<HTMLInputElement>(null);
  const edit = <K extends keyof ProfileFields>(key: K, value: ProfileFields[K]) => {
    if (key === 'name') setNameError(undefined);
    edited.current.add(key);
    setForm((f) => ({ ...f, [key]: value }));
  };

  useEffect(() => {
    const fresh = fieldsOf(account);
    setForm((f) => {
      const next = { ...f };
      for (const key of Object.keys(fresh) as Array<keyof ProfileFields>)
        if (!edited.current.has(key)) Object.assign(next, { [key]: fresh[key] });
      return next;
    });
  }, [account]);

  // Edits that differ from the account as saved: leaving the page asks first (decision 187).
  const saved = fieldsOf(account);
  const isDirty = [...edited.current].some((key) =>
    key === 'skinConcerns'
      ? [...form.skinConcerns].sort().join() !== [...saved.skinConcerns].sort().join()
      : key === 'name'
        ? form.name.trim() !== saved.name // saved trimmed
        : form[key] !== saved[key],
  );

  const toggleConcern = (concern: ProfileConcern) =>
    edit(
      'skinConcerns',
      form.skinConcerns.includes(concern)
        ? form.skinConcerns.filter((c) => c !== concern)
        : [...form.skinConcerns, concern],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return; // Enter in a field while the save is on its way
    if (!form.name.trim()) {
      setNameError(AccountMessages.nameRequired);
      nameRef.current?.focus();
      return;
    }
    update.mutate(
      {
        name: form.name.trim(),
        skinType: form.skinType,
        skinConcerns: form.skinConcerns,
        notes: form.notes,
      },
      {
        onSuccess: () => toast.success(AccountMessages.profileUpdated),
        onError: (error) => {
          const field = error instanceof ApiRequestError ? error.fields?.name : undefined;
          if (field) {
            setNameError(field);
            nameRef.current?.focus();
          } else toast.error(errorMessage(error, 'Could not save your profile.'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <LeaveGuard when={isDirty && !update.isPending} what="Your profile changes" />
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Field id="profile-name" label="Full name" error={nameError}>
          <Input
            ref={nameRef}
            id="profile-name"
            autoComplete="name"
            maxLength={100}
            value={form.name}
            onChange={(e) => edit('name', e.target.value)}
            {...fieldAria('profile-name', nameError)}
          />
        </Field>
        {/* The email changes through a link to the new address, not with Save (decision 035). */}
        <Field id="profile-email" label="Email">
          {/* Where the address and the button do not fit side by side, the button goes below:
              the address is read whole (it was cut to "demo@lumiskin.ap" on a phone). */}
          <div className="flex flex-wrap gap-2">
            <Input
              id="profile-email"
              type="email"
              readOnly
              value={account.email}
              className="min-w-0 flex-1 basis-56 bg-muted/40"
            />
            <ChangeEmailDialog currentEmail={account.email} />
          </div>
          {account.email_confirmed || isChangePending ? null : <UnconfirmedEmailNote />}
          <PendingEmailChangeNote />
        </Field>
      </div>
      <Field id="profile-skin-type" label="Skin type" className="sm:max-w-xs">
        <Select value={form.skinType} onValueChange={(v) => edit('skinType', v as SkinType)}>
          <SelectTrigger id="profile-skin-type" className="capitalize">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {SKIN_TYPES.map((type) => (
              <SelectItem key={type} value={type} className="capitalize">
                {type}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <fieldset>
        <legend className="text-sm font-medium">Skin concerns</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PROFILE_CONCERNS.map((concern) => {
            const on = form.skinConcerns.includes(concern);
            return (
              <button
                key={concern}
                type="button"
                aria-pressed={on}
                onClick={() => toggleConcern(concern)}
                className={cn(
                  'inline-flex min-h-10 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors duration-150',
                  on
                    ? 'border-brand bg-primary-soft text-primary-soft-foreground'
                    : 'bg-card text-muted-foreground hover:text-foreground',
                )}
              >
                {on ? <CheckIcon className="size-3.5" aria-hidden /> : null}
                {CONCERN_LABELS[concern]}
              </button>
            );
          })}
        </div>
      </fieldset>
      <Field id="profile-notes" label="Additional notes">
        <Textarea
          id="profile-notes"
          rows={4}
          maxLength={2000}
          value={form.notes}
          onChange={(e) => edit('notes', e.target.value)}
          placeholder="Allergies, products that did not suit you, anything we should know"
        />
      </Field>
      <div>
        <Button type="submit" busy={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
