import type { AccountSession } from '@lumiskin/contract/account';
import { LaptopIcon, SmartphoneIcon, TabletIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api/api-client';
import { formatDate, formatDateTime, plural } from '@/lib/format';
import {
  useSessions,
  useSignOutDevice,
  useSignOutOtherDevices,
} from '@/features/profile/api/sessions';

/** The section's anchor: the sign-in alert's link (`/profile?tab=settings#devices`, decision 185). */
const DEVICES_ANCHOR = 'devices';

function DeviceIcon({ device }: { device: string }) {
  if (/iPad/.test(device)) return <TabletIcon aria-hidden />;
  if (/Android|iPhone/.test(device)) return <SmartphoneIcon aria-hidden />;
  return <LaptopIcon aria-hidden />;
}

function lastActive(session: AccountSession): string {
  return session.current ? 'Active now' : `Last active ${formatDateTime(session.last_used_at)}`;
}

/**
 * "Where you're signed in" (decision 182): the account's devices, this one first, each of the
 * others with its own Sign out, and all the others at once. A lost phone is signed out without
 * changing the password.
 */
export function DevicesSection() {
  const sessions = useSessions();
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash, key } = useLocation();
  const isListed = sessions.data !== undefined;
  // Opened from a sign-in alert (`#devices`): brought into view once the list is there, with the
  // heading focused (where a screen reader goes on), once per visit of that address.
  useEffect(() => {
    if (hash !== `#${DEVICES_ANCHOR}` || !isListed) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [hash, key, isListed]);
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const busy = signOut.isPending || signOutOthers.isPending;

  const endOne = (session: AccountSession) =>
    signOut.mutate(session.id, {
      onSuccess: () => toast.success(`${session.device} is signed out.`),
      onError: (error) => {
        // Already signed out (elsewhere, or it expired): the list is read again either way.
        if (error instanceof ApiRequestError && error.status === 404) {
          toast.success(errorMessage(error, `${session.device} is signed out.`));
          return;
        }
        toast.error(errorMessage(error, 'Could not sign that device out.'));
      },
    });
  const endOthers = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signed_out }) =>
        toast.success(
          signed_out === 0
            ? 'No other device was signed in.'
            : `Signed out of ${plural(signed_out, 'other device')}.`,
        ),
      onError: (error) => toast.error(errorMessage(error, 'Could not sign the other devices out.')),
    });

  let body;
  if (sessions.isError) {
    body = <LoadError what="your devices" onRetry={() => void sessions.refetch()} />;
  } else if (!sessions.data) {
    body = <Skeleton className="h-24" />;
  } else {
    const others = sessions.data.filter((s) => !s.current).length;
    body = (
      <>
        <ul className="divide-y rounded-xl border" aria-label="Signed-in devices">
          {sessions.data.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-4"
            >
              <div className="flex min-w-0 items-start gap-3 [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0 [&>svg]:text-muted-foreground">
                <DeviceIcon device={session.device} />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-2 font-medium">
                    {session.device}
                    {session.current ? <Badge>This device</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {lastActive(session)} · Signed in {formatDate(session.created_at)}
                  </p>
                </div>
              </div>
              {session.current ? null : (
                <Button variant="outline" size="sm" disabled={busy} onClick={() => endOne(session)}>
                  Sign out
                  <span className="sr-only">
                    {' '}
                    {session.device}, last active {formatDateTime(session.last_used_at)}
                  </span>
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others > 1 ? (
          <Button
            variant="outline"
            // Its words wrap rather than leave a phone's width when the reader's text is large.
            className="mt-4 h-auto min-h-11 max-w-full py-2 whitespace-normal"
            disabled={busy}
            onClick={endOthers}
          >
            Sign out of all other devices
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <section id={DEVICES_ANCHOR} aria-labelledby="devices-title">
      <h2
        id="devices-title"
        ref={heading}
        tabIndex={-1}
        // below the sticky header once scrolled to
        className="scroll-mt-8 text-h3 font-semibold focus:outline-none"
      >
        Where you’re signed in
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted-foreground">
        Lost a phone, or signed in on a shared computer? Sign that device out here; your password
        stays the same. A sign-in on a new kind of device shows in your notifications, and is
        emailed to you once your address is confirmed.
      </p>
      {body}
    </section>
  );
}
