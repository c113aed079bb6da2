import { CONSENT_TEXT } from '@lumiskin/contract/scan';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** Explicit consent before the first scan: purpose, what is kept, how to delete. */
export function ConsentDialog({
  open,
  onOpenChange,
  onAgree,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAgree: () => void;
  pending: boolean;
}) {
  const [ticked, setTicked] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <span className="mb-1 inline-flex size-11 items-center justify-center rounded-2xl bg-primary-soft text-primary-text">
            <ShieldCheckIcon className="size-6" aria-hidden />
          </span>
          <DialogTitle>{CONSENT_TEXT.title}</DialogTitle>
          <DialogDescription>How Lumiskin handles your photo.</DialogDescription>
        </DialogHeader>
        <dl className="space-y-3 text-sm leading-relaxed">
          <div>
            <dt className="font-semibold">Why we need it</dt>
            <dd className="text-muted-foreground">{CONSENT_TEXT.purpose}</dd>
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
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <Button onClick={onAgree} disabled={!ticked || pending}>
            {pending ? 'Saving…' : 'Agree and analyse'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
