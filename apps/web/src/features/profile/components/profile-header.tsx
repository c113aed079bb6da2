import type { Account } from '@lumiskin/contract/account';
import { noiseBand } from '@lumiskin/contract/trends';
import { TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ConditionsNote } from '@/components/conditions-note';
import { MethodNote } from '@/components/method-note';
import { cn, initials } from '@/lib/utils';
import { formatDayMonth, plural } from '@/lib/format';
import type { Improvement } from '@/features/profile/components/scores';

/** The profile's header card (docs/product-rules.md#profile): name, email, skin type badge, scans completed, improvement. */
export function ProfileHeader({
  account,
  scanCount,
  improvement,
}: {
  account: Pick<Account, 'name' | 'email' | 'profile'>;
  scanCount: number | undefined;
  improvement: Improvement | null | undefined;
}) {
  return (
    <Card className="relative overflow-hidden p-6 sm:p-8">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 [background:var(--hero-glow)]"
      />
      <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center">
        <span
          aria-hidden
          className="inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-[#6d28d9] to-[#9333ea] text-2xl font-semibold text-white shadow-lift"
        >
          {initials(account.name)}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-h1 font-semibold wrap-anywhere">{account.name}</h1>
          <p className="text-muted-foreground wrap-anywhere">{account.email}</p>
          <Badge className="mt-2 capitalize">{account.profile.skinType} skin</Badge>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:w-72">
          <div className="rounded-xl bg-card/80 p-3 text-center shadow-soft">
            <dt className="text-xs font-medium text-muted-foreground">Scans completed</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid="profile-scans">
              {scanCount === undefined ? <Skeleton className="mx-auto h-8 w-10" /> : scanCount}
            </dd>
          </div>
          <div className="rounded-xl bg-card/80 p-3 text-center shadow-soft">
            <dt className="text-xs font-medium text-muted-foreground">Improvement</dt>
            <dd className="flex flex-col items-center" data-testid="profile-improvement">
              {improvement === undefined ? (
                <Skeleton className="h-8 w-12" />
              ) : improvement === null ? (
                <span className="text-base font-semibold text-muted-foreground">Needs 2 scans</span>
              ) : improvement.points === null ? (
                <>
                  <span className="text-base font-semibold text-muted-foreground">
                    Not comparable
                  </span>
                  <MethodNote metrics={improvement.newMethods} className="mt-1 text-left" />
                </>
              ) : improvement.kind === 'same' ? (
                <>
                  <span
                    className="text-base font-semibold text-muted-foreground"
                    data-trend="same"
                    title={`Within ${noiseBand('profile')} points: re-taking the same photo can move the average that much`}
                  >
                    No change
                  </span>
                  {improvement.unlike ? <ConditionsNote reasons={improvement.unlike} /> : null}
                </>
              ) : (
                <>
                  <span
                    data-trend={improvement.kind}
                    className={cn(
                      'flex items-center gap-1 text-2xl font-semibold tabular-nums',
                      improvement.unlike && 'text-muted-foreground',
                    )}
                  >
                    {improvement.unlike ? null : improvement.points > 0 ? (
                      <TrendingUpIcon className="size-5 text-success" aria-hidden />
                    ) : (
                      <TrendingDownIcon
                        className="size-5 text-destructive dark:text-[#f87171]"
                        aria-hidden
                      />
                    )}
                    <span aria-hidden>
                      {improvement.points > 0 ? '+' : '−'}
                      {Math.abs(improvement.points)} pts
                    </span>
                    <span className="sr-only">
                      {improvement.points > 0 ? 'up' : 'down'}{' '}
                      {plural(Math.abs(improvement.points), 'point')}
                    </span>
                  </span>
                  {improvement.unlike ? <ConditionsNote reasons={improvement.unlike} /> : null}
                </>
              )}
              {improvement ? (
                <>
                  {' '}
                  <Since date={improvement.since} />
                </>
              ) : null}
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

/** What the figure compares: the average of the five scores now and at the scan it is measured from. */
function Since({ date }: { date: string }) {
  return (
    <span
      className="mt-1 text-xs text-muted-foreground"
      title="The average of your acne, oiliness, radiance, hydration and texture scores, against that scan's"
    >
      since {formatDayMonth(date)}
    </span>
  );
}
