import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
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
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api/api-client';
import { useConsent, useWithdrawConsent } from '@/lib/api/consent';
import { formatLongDate } from '@/lib/format';

/**
 * The photo consent, as easy to withdraw as it was to give (GDPR art. 7(3)): when it was given,
 * and a button that withdraws it. Withdrawn, the next scan asks again; the scans and photos kept
 * stay until the person deletes them, which the dialog says before it is confirmed.
 */
export function PhotoConsentSection() {
  const consent = useConsent();
  const withdraw = useWithdrawConsent();
  const [open, setOpen] = useState(false);
  const status = consent.data;

  const confirm = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success('Consent withdrawn. Your next scan will ask for it again.');
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not withdraw your consent.')),
    });

  return (
    <section aria-labelledby="consent-title">
      <h2 id="consent-title" className="flex items-center gap-2 text-h3 font-semibold">
        <ShieldCheckIcon className="size-5 text-primary-text" aria-hidden />
        Photo analysis consent
      </h2>
      {!status ? (
        consent.isError ? (
          <p className="mt-1 text-sm text-muted-foreground">
            Could not read your consent just now.
          </p>
        ) : (
          <Skeleton className="mt-2 h-10" />
        )
      ) : status.consented && status.consented_at ? (
        <>
          <p className="mt-1 mb-4 text-sm text-muted-foreground" data-testid="consent-state">
            You agreed on {formatLongDate(status.consented_at)} to Lumiskin analysing and keeping
            your scan photos. You can withdraw it at any time.
          </p>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogTrigger asChild>
              <Button variant="outline">Withdraw consent</Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Withdraw your consent?</DialogTitle>
                <DialogDescription>
                  No photo of yours is analysed again until you agree once more: your next scan asks
                  first. The scans and photos you have stay until you delete them, each from its
                  analysis page, or all of them with your account.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  Keep my consent
                </Button>
                <Button onClick={confirm} disabled={withdraw.isPending}>
                  {withdraw.isPending ? 'Withdrawing...' : 'Withdraw consent'}
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground" data-testid="consent-state">
          {status.version
            ? 'How Lumiskin handles your photo has changed since you agreed: your next scan asks you to read it and agree again.'
            : 'You have not agreed to photo analysis: your first scan asks you first.'}
        </p>
      )}
    </section>
  );
}
