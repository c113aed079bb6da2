import { CONSENT_TEXT, consentPurpose, type ConsentStatus } from '@lumiskin/contract/scan';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * Explicit consent before the first scan: purpose, where the photo goes (this server, and each
 * outside service it is set up to use, by name), what is kept, how to delete. Agreeing sends the
 * version of the text shown; a person whose consent was to an earlier text is asked again.
 */
export function ConsentDialog({
  open,
  onOpenChange,
  status,
  onAgree,
  pending,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The server's consent status: its text's version and its outside services (undefined while read). */
  status: ConsentStatus | undefined;
  onAgree: (version: string) => void;
  pending: boolean;
  error?: string | null;
}) {
  const [ticked, setTicked] = useState(false);
  const again = Boolean(status?.version && status.version !== status.current_version);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <span className="mb-1 inline-flex size-11 items-center justify-center rounded-2xl bg-primary-soft text-primary-text">
            <ShieldCheckIcon className="size-6" aria-hidden />
          </span>
          <DialogTitle>{again ? 'Before your next scan' : CONSENT_TEXT.title}</DialogTitle>
          <DialogDescription>
            {again
              ? 'How Lumiskin handles your photo has changed since you agreed.'
              : 'How Lumiskin handles your photo.'}
          </DialogDescription>
        </DialogHeader>
        <dl className="space-y-3 text-sm leading-relaxed">
          <div>
            <dt className="font-semibold">Why we need it, and where it goes</dt>
            <dd className="text-muted-foreground" data-testid="consent-purpose">
              {status ? (
                consentPurpose(status.outside_services).join(' ')
              ) : (
                <Skeleton className="h-10" />
              )}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">What we keep</dt>
            <dd className="text-muted-foreground">{CONSENT_TEXT.kept}</dd>
          </div>
          <div>
            <dt className="font-semibold">Deleting it</dt>
            <dd className="text-muted-foreground">{CONSENT_TEXT.deletion}</dd>
          </div>
        </dl>
        <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl bg-muted p-3 text-sm">
          <Checkbox
            checked={ticked}
            onCheckedChange={(value) => setTicked(value === true)}
            className="mt-0.5"
            aria-label="I agree to Lumiskin analysing and keeping my photo as described"
          />
          <span>I agree to Lumiskin analysing and keeping my photo as described.</span>
        </label>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <Button
            onClick={() => status && onAgree(status.current_version)}
            disabled={!ticked || pending || !status}
          >
            {pending ? 'Saving…' : 'Agree and analyse'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
