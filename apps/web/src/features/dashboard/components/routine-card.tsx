import {
  activeTreatments,
  formatDays,
  ROUTINE_PRODUCT_TYPE_LABELS,
  type ApplicationTime,
  type RoutineConflict,
  type RoutineHistoryEntry,
  type RoutineProduct,
  type RoutineResponse,
  type SplitSuggestion,
} from '@lumiskin/contract/routine';
import { ROUTINE_ANCHOR } from '@lumiskin/contract/notifications';
import {
  CheckCircle2Icon,
  CircleIcon,
  HistoryIcon,
  MoonIcon,
  SunIcon,
  Trash2Icon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, TOAST_DURATION_MS } from '@/components/ui/use-toast';
import { ApiRequestError, errorMessage } from '@/lib/api/api-client';
import { PENDING_PREFIX, useAddRoutineProduct } from '@/features/dashboard/api/add-routine-product';
import { useApplySplit } from '@/features/dashboard/api/apply-split';
import { useCheckOffRoutine } from '@/features/dashboard/api/check-off-routine';
import {
  deleteOnLeaving,
  useDeleteRoutineProduct,
  withoutStep,
} from '@/features/dashboard/api/delete-routine-product';
import { getRoutineQueryOptions, useRoutine } from '@/lib/api/get-routine';
import { getRoutineHistoryQueryOptions, useRoutineHistory } from '@/lib/api/get-routine-history';
import { AddProductDialog } from '@/features/dashboard/components/add-product-dialog';
import { LoadError } from '@/components/load-error';
import { formatDate, plural } from '@/lib/format';
// A removal waiting out its undo time is kept so a reload or a closed tab still carries it out;
// the conflicts the person chose to keep (by id), so their warnings stay closed.
import {
  DISMISSED_CONFLICTS_KEY,
  getItem,
  getStringList,
  PENDING_REMOVAL_KEY,
  setItem,
} from '@/lib/platform/storage';

/** How long a removed step can be brought back (the toast's 5 s). */
export const UNDO_MS = TOAST_DURATION_MS;

const readDismissed = () => getStringList(DISMISSED_CONFLICTS_KEY);

interface PendingRemoval {
  id: string;
  name: string;
}

function readPendingRemoval(): PendingRemoval | null {
  try {
    const value = JSON.parse(getItem(PENDING_REMOVAL_KEY) ?? 'null') as PendingRemoval | null;
    return value && typeof value.id === 'string' && typeof value.name === 'string' ? value : null;
  } catch {
    return null;
  }
}

function RoutineColumn({
  title,
  icon: Icon,
  products,
  onDelete,
  isDone,
  isSaving,
  onToggleDone,
}: {
  title: string;
  icon: typeof SunIcon;
  products: RoutineProduct[];
  onDelete: (product: RoutineProduct) => void;
  isDone: boolean;
  isSaving: boolean;
  onToggleDone: () => void;
}) {
  return (
    <section aria-label={`${title} routine`} className="rounded-xl border bg-background/60 p-4">
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 text-primary-text" aria-hidden />
        {title}
        <Badge variant="secondary" className="ml-auto">
          {products.length} {products.length === 1 ? 'product' : 'products'}
        </Badge>
      </h3>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">Nothing here yet.</p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {products.map((product, i) => (
            <li
              key={product.id}
              className="flex items-start gap-3 rounded-lg bg-card p-3 shadow-soft"
            >
              <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary-soft-foreground">
                {i + 1}
              </span>
              <div className="min-w-0 flex-1">
                {/* A person's own words (a pasted link, a long word) wrap: they widened the page. */}
                <p className="font-medium wrap-anywhere">
                  {product.name}
                  {product.id.startsWith(PENDING_PREFIX) ? (
                    <Badge variant="warning" className="ml-2 align-middle">
                      Pending
                      <span className="sr-only"> — will be saved when you are back online</span>
                    </Badge>
                  ) : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  {ROUTINE_PRODUCT_TYPE_LABELS[product.type]} · {product.frequency}
                  {product.days.length > 0 ? ` · ${formatDays(product.days)}` : ''}
                </p>
                <p className="mt-1 text-sm text-muted-foreground wrap-anywhere">
                  {product.purpose}
                </p>
                {/* A recommended step's purpose reads its scan's scores and weather: say which
                    scan, so a later, better score does not contradict it (decision 196). */}
                {product.from_scan_date ? (
                  <p className="mt-1 text-xs text-muted-foreground">
                    From your scan of {formatDate(product.from_scan_date)}
                  </p>
                ) : null}
              </div>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove ${product.name}`}
                onClick={() => onDelete(product)}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      {products.length > 0 ? (
        <Button
          variant={isDone ? 'secondary' : 'outline'}
          size="sm"
          className="mt-3 w-full"
          aria-pressed={isDone}
          busy={isSaving}
          onClick={onToggleDone}
        >
          {isDone ? <CheckCircle2Icon aria-hidden /> : <CircleIcon aria-hidden />}
          {isDone ? `${title} done today` : `Mark ${title.toLowerCase()} done`}
        </Button>
      ) : null}
    </section>
  );
}

/** A warning per conflict: both products named, why, and each split as a one-click button. */
function ConflictWarnings({
  conflicts,
  isApplying,
  onApply,
  onDismiss,
}: {
  conflicts: RoutineConflict[];
  isApplying: boolean;
  onApply: (suggestion: SplitSuggestion) => void;
  onDismiss: (conflict: RoutineConflict) => void;
}) {
  if (conflicts.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-3" aria-label="Routine warnings">
      {conflicts.map((conflict) => (
        <li
          key={conflict.id}
          role="alert"
          data-testid="routine-conflict"
          className="rounded-xl border border-warning/40 bg-warning-soft p-4 text-sm text-warning-soft-foreground"
        >
          <p className="flex items-start gap-2 font-semibold">
            <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            Keep these two apart
          </p>
          <p className="mt-1">{conflict.message}</p>
          <p className="mt-3 text-xs font-semibold tracking-wide uppercase">Suggested split</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {conflict.suggestions.map((suggestion) => (
              <Button
                key={suggestion.kind}
                size="sm"
                variant="outline"
                className="h-auto min-h-9 bg-card text-left whitespace-normal"
                disabled={isApplying}
                onClick={() => onApply(suggestion)}
              >
                {suggestion.label}
              </Button>
            ))}
            <Button size="sm" variant="ghost" onClick={() => onDismiss(conflict)}>
              Keep as is
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function SummaryTile({
  label,
  value,
  hint,
}: {
  label: string;
  value: string | number;
  hint?: string;
}) {
  return (
    <div className="rounded-xl bg-muted/70 p-3.5">
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/**
 * A removal that can be undone for a few seconds: hidden at once, sent when the undo time is up
 * (or cut short by another removal or by leaving).
 */
function useUndoableRemoval() {
  const queryClient = useQueryClient();
  const remove = useDeleteRoutineProduct();
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  /** The removal waiting out its undo time, read by the leaving handlers (state lags a render). */
  const pendingRef = useRef<PendingRemoval | null>(null);
  const { mutate: removeNow } = remove;

  /** The removal's undo time ends (once): true if it was still the one waiting. */
  const settle = useCallback((removal: PendingRemoval) => {
    if (pendingRef.current?.id !== removal.id) return false;
    pendingRef.current = null;
    setPending(null);
    return true;
  }, []);

  /** The server's routine and history, read again (after a removal sent outside the mutation). */
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getRoutineQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getRoutineHistoryQueryOptions().queryKey }),
      ]),
    [queryClient],
  );

  /** Sends a removal whose undo time is over (or cut short by another removal or leaving). */
  const commitRemoval = useCallback(
    (removal: PendingRemoval) => {
      setItem(PENDING_REMOVAL_KEY, null);
      removeNow(removal, {
        onSuccess: ({ queued }) => {
          if (queued) toast.info(`${removal.name} will be removed when you are back online.`);
        },
        onError: (error) => {
          // Already gone: the request sent as the page went away got through, or another device
          // removed it. What the person asked for holds; the list shows the server's routine.
          if (error instanceof ApiRequestError && error.status === 404) return void refresh();
          toast.error(errorMessage(error, 'Could not remove the product.'));
        },
      });
    },
    [removeNow, refresh],
  );

  // A removal left waiting by a reload or a closed tab is carried out: its undo time has passed.
  useEffect(() => {
    const left = readPendingRemoval();
    if (left) commitRemoval(left);
  }, [commitRemoval]);

  // Leaving the dashboard ends the undo time at once.
  useEffect(
    () => () => {
      const removal = pendingRef.current;
      if (removal && settle(removal)) commitRemoval(removal);
    },
    [commitRemoval, settle],
  );

  // So does closing the tab, reloading or going to another site: the removal goes at once, by a
  // request that outlives the page. It stays in storage until the server has it, so one that does
  // not get through (offline) is still carried out on the next visit. A step added offline and
  // not yet sent has nothing to send: its undo time runs on (the next visit takes it back).
  useEffect(() => {
    const onPageHide = () => {
      const removal = pendingRef.current;
      if (!removal || removal.id.startsWith(PENDING_PREFIX) || !settle(removal)) return;
      const routineKey = getRoutineQueryOptions().queryKey;
      const routine = queryClient.getQueryData<RoutineResponse>(routineKey);
      if (routine) queryClient.setQueryData(routineKey, withoutStep(routine, removal.id));
      // The answer is read only by a page that lives on (kept in the back-forward cache).
      void deleteOnLeaving(removal.id).then((done) => {
        if (!done) return commitRemoval(removal);
        setItem(PENDING_REMOVAL_KEY, null);
        void refresh();
      });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [commitRemoval, queryClient, refresh, settle]);

  // The undo time is the toast's own: it stands still while the pointer or the keyboard's focus is
  // on the toast (reaching Undo with F8 and Tab takes a while), and ends when the toast goes —
  // its time up, closed, swiped, or replaced by the next toast (another removal's included).
  const onDelete = (product: RoutineProduct) => {
    // One removal waits at a time: the one before it is carried out now.
    const previous = pendingRef.current;
    if (previous && settle(previous)) commitRemoval(previous);
    const removal = { id: product.id, name: product.name };
    pendingRef.current = removal;
    setPending(removal);
    setItem(PENDING_REMOVAL_KEY, JSON.stringify(removal));
    toast({
      title: 'Info',
      description: `${product.name} removed from your routine.`,
      action: {
        label: 'Undo',
        altText: `Undo removing ${product.name}`,
        onClick: () => {
          if (!settle(removal)) return;
          setItem(PENDING_REMOVAL_KEY, null);
          toast.success(`${product.name} is back in your routine.`);
        },
      },
      onClose: () => {
        if (settle(removal)) commitRemoval(removal);
      },
    });
  };

  return { pending, onDelete };
}

function RoutineSummary({ data, changes }: { data: RoutineResponse; changes: number | undefined }) {
  const week = data.consistency.last_7_days;
  return (
    <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="routine-summary">
      <SummaryTile label="Total products" value={distinctProducts(data)} />
      <SummaryTile label="Routine changes" value={changes ?? '…'} />
      <SummaryTile label="Active treatments" value={activeTreatments(data)} />
      <SummaryTile
        label="Routine consistency"
        value={week?.percent == null ? '–' : `${week.percent}%`}
        hint={
          week && week.counted_days > 0
            ? `${week.followed_days} of ${plural(week.counted_days, 'day')} followed`
            : 'Mark a routine done to start'
        }
      />
    </div>
  );
}

/**
 * Products in the routine, each once: a cleanser used morning and evening is one product (it was
 * counted twice, 11 "products" for 7).
 */
function distinctProducts(data: RoutineResponse): number {
  return new Set([...data.morning, ...data.evening].map((p) => p.name.trim().toLowerCase())).size;
}

const HISTORY_BADGE: Record<
  RoutineHistoryEntry['type'],
  { label: string; variant: 'success' | 'destructive' | 'default' }
> = {
  addition: { label: 'Added', variant: 'success' },
  removal: { label: 'Removed', variant: 'destructive' },
  setup: { label: 'Set up', variant: 'default' },
  change: { label: 'Changed', variant: 'default' },
};

/** A history entry's text with the server's ISO days ("… your analysis of 2026-12-05") as dates. */
function readableChange(change: string): string {
  return change.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (day) =>
    formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' }),
  );
}

/** How many history entries show before "Show all": the list grows in the page, never in a box. */
const HISTORY_SHOWN = 5;

function RoutineHistory({ history }: { history: ReturnType<typeof useRoutineHistory> }) {
  const [all, setAll] = useState(false);
  return (
    <section aria-labelledby="routine-history-title" className="mt-6">
      <h3 id="routine-history-title" className="flex items-center gap-2 font-semibold">
        <HistoryIcon className="size-4 text-primary-text" aria-hidden /> Routine History
      </h3>
      {history.isError ? (
        <LoadError
          what="your routine history"
          onRetry={() => void history.refetch()}
          className="mt-3"
        />
      ) : !history.data ? (
        <Skeleton className="mt-3 h-16" />
      ) : history.data.entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Changes to your routine will be listed here.
        </p>
      ) : (
        // The newest few, then the rest on request: a box scrolling inside the page clipped its
        // last entry on a phone, with nothing to say it scrolled.
        <>
          <ul aria-labelledby="routine-history-title" className="mt-3 grid gap-3">
            {history.data.entries.slice(0, all ? 20 : HISTORY_SHOWN).map((entry) => (
              <li key={entry.id} className="grid gap-1 text-sm">
                <span className="flex items-start gap-2">
                  <Badge variant={HISTORY_BADGE[entry.type].variant} className="shrink-0">
                    {HISTORY_BADGE[entry.type].label}
                  </Badge>
                  <span className="min-w-0 font-medium wrap-anywhere">
                    {readableChange(entry.change)}
                  </span>
                </span>
                <span className="text-xs text-muted-foreground wrap-anywhere">
                  {entry.reason} · {formatDate(entry.date)}
                </span>
              </li>
            ))}
          </ul>
          {history.data.entries.length > HISTORY_SHOWN ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-2"
              aria-expanded={all}
              onClick={() => setAll((shown) => !shown)}
            >
              {all ? 'Show fewer' : `Show all ${Math.min(history.data.entries.length, 20)} changes`}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * The dashboard's routine, summary tiles and routine history (docs/product-rules.md#dashboard),
 * stored on the server: conflict warnings with one-click splits, check-offs for today, and a
 * removal that can be undone for a few seconds (it is sent when the undo time is up).
 */
export function RoutineCard() {
  const routine = useRoutine();
  const history = useRoutineHistory({ enabled: routine.isSuccess });
  const add = useAddRoutineProduct();
  const split = useApplySplit();
  const checkOff = useCheckOffRoutine();
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const { pending, onDelete } = useUndoableRemoval();

  const onAdd = async (body: Parameters<typeof add.mutateAsync>[0]) => {
    try {
      const { product, queued } = await add.mutateAsync(body);
      if (queued) toast.info(`${product.name} will be added when you are back online.`);
      else toast.success(`${product.name} added to your ${product.application_time} routine`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not add the product.'));
      throw error;
    }
  };

  const onApply = (suggestion: SplitSuggestion) =>
    split.mutate(
      { changes: suggestion.changes },
      {
        onSuccess: () => toast.success(`Done: ${suggestion.label}.`),
        onError: (error) => toast.error(errorMessage(error, 'Could not change your routine.')),
      },
    );

  const onDismiss = (conflict: RoutineConflict) => {
    const next = [...new Set([...dismissed, conflict.id])];
    setDismissed(next);
    setItem(DISMISSED_CONFLICTS_KEY, JSON.stringify(next));
  };

  const onToggleDone = (session: ApplicationTime) => {
    if (!routine.data) return;
    const { consistency } = routine.data;
    checkOff.mutate(
      {
        day: consistency.today,
        session,
        done: !consistency.checked_today.includes(session),
      },
      { onError: (error) => toast.error(errorMessage(error, 'Could not save that.')) },
    );
  };

  const raw: RoutineResponse | undefined = routine.data;
  // A step waiting out its undo time is already gone from view (and from the warnings).
  const data = raw && {
    ...raw,
    morning: raw.morning.filter((p) => p.id !== pending?.id),
    evening: raw.evening.filter((p) => p.id !== pending?.id),
    conflicts: raw.conflicts.filter(
      (c) => !dismissed.includes(c.id) && !(pending && c.product_ids.includes(pending.id)),
    ),
  };
  const changes = history.data?.total;

  // A link to the card (a routine reminder) brings it into view once its steps are there: the
  // router scrolls to it at once, while it is still a placeholder and the cards above it load.
  // A jump, as a link to a section is: the browser then keeps the card in place while the cards
  // above it grow (scroll anchoring), which a smooth scroll still under way does not.
  const location = useLocation();
  const card = useRef<HTMLDivElement>(null);
  const settled = Boolean(raw) || routine.isError;
  useEffect(() => {
    if (settled && location.hash === `#${ROUTINE_ANCHOR}`) {
      card.current?.scrollIntoView({ block: 'start' });
      // And the keyboard's and screen reader's place: the card, read from its heading.
      card.current?.focus({ preventScroll: true });
    }
  }, [settled, location.hash, location.key]);

  return (
    <Card
      ref={card}
      id={ROUTINE_ANCHOR}
      tabIndex={-1}
      className="p-6 outline-none"
      aria-labelledby="routine-title"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="routine-title" className="text-h3 font-semibold">
          Skincare Routine
        </h2>
        <AddProductDialog isSaving={add.isPending} onAdd={onAdd} />
      </div>
      {routine.isError ? (
        <LoadError what="your routine" onRetry={() => void routine.refetch()} className="mt-4" />
      ) : !data ? (
        <div className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <>
          <ConflictWarnings
            conflicts={data.conflicts}
            isApplying={split.isPending}
            onApply={onApply}
            onDismiss={onDismiss}
          />
          <div className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-2">
            <RoutineColumn
              title="Morning"
              icon={SunIcon}
              products={data.morning}
              onDelete={onDelete}
              isDone={data.consistency.checked_today.includes('morning')}
              isSaving={checkOff.isPending}
              onToggleDone={() => onToggleDone('morning')}
            />
            <RoutineColumn
              title="Evening"
              icon={MoonIcon}
              products={data.evening}
              onDelete={onDelete}
              isDone={data.consistency.checked_today.includes('evening')}
              isSaving={checkOff.isPending}
              onToggleDone={() => onToggleDone('evening')}
            />
          </div>
          <RoutineSummary data={data} changes={changes} />
        </>
      )}
      <RoutineHistory history={history} />
    </Card>
  );
}
