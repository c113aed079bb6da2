import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { getToken } from '@/lib/platform/storage';

/**
 * Asks before edits not saved yet are lost (decision 187): leaving the page for another one of
 * the app opens "Leave without saving?" (Stay / Leave); a reload, a closed tab or another site
 * gets the browser's own question. A change of the address's query alone (a profile tab) is not
 * leaving. Once signed out (the session ended: the 401 sends the page to sign-in) it asks
 * nothing: nothing could be saved anyway.
 */
export function LeaveGuard({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && getToken() !== null && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  const isBlocked = blocker.state === 'blocked';
  return (
    <Dialog open={isBlocked} onOpenChange={(open) => !open && blocker.reset?.()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>{what} are not saved yet: leaving now loses them.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            Stay
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
