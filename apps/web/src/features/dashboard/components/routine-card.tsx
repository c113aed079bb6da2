import {
  activeTreatments,
  ROUTINE_PRODUCT_TYPE_LABELS,
  routineConsistencyPercent,
  type RoutineProduct,
  type RoutineResponse,
} from '@lumiskin/contract/routine';
import { HistoryIcon, MoonIcon, SunIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api/api-client';
import { PENDING_PREFIX, useAddRoutineProduct } from '@/features/dashboard/api/add-routine-product';
import { useDeleteRoutineProduct } from '@/features/dashboard/api/delete-routine-product';
import { useRoutine } from '@/lib/api/get-routine';
import { useRoutineHistory } from '@/lib/api/get-routine-history';
import { AddProductDialog } from '@/features/dashboard/components/add-product-dialog';
import { LoadError } from '@/components/load-error';
import { formatDate } from '@/lib/format';

function RoutineColumn({
  title,
  icon: Icon,
  products,
  onDelete,
}: {
  title: string;
  icon: typeof SunIcon;
  products: RoutineProduct[];
  onDelete: (product: RoutineProduct) => void;
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
                <p className="font-medium">
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
                </p>
                <p className="mt-1 text-sm text-muted-foreground">{product.purpose}</p>
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
    </section>
  );
}

function SummaryTile({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl bg-muted/70 p-3.5">
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
    </div>
  );
}

/** The dashboard's routine, summary tiles and routine history (docs/product-rules.md#dashboard), stored on the server. */
export function RoutineCard({ scanCount }: { scanCount: number }) {
  const routine = useRoutine();
  const history = useRoutineHistory({ enabled: routine.isSuccess });
  const add = useAddRoutineProduct();
  const remove = useDeleteRoutineProduct();

  const onDelete = (product: RoutineProduct) =>
    remove.mutate(
      { id: product.id, name: product.name },
      {
        onSuccess: ({ queued }) =>
          queued
            ? toast.info(`${product.name} will be removed when you are back online.`)
            : toast.success(`${product.name} removed from your routine`),
        onError: (error) => toast.error(errorMessage(error, 'Could not remove the product.')),
      },
    );

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

  const data: RoutineResponse | undefined = routine.data;
  const changes = history.data?.total;

  return (
    <Card className="p-6" aria-labelledby="routine-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="routine-title" className="text-h3 font-semibold">
          Skincare Routine
        </h2>
        <AddProductDialog isSaving={add.isPending} onAdd={onAdd} />
      </div>
      {routine.isError ? (
        <LoadError what="your routine" onRetry={() => void routine.refetch()} className="mt-4" />
      ) : !data ? (
        <div className="mt-4 grid gap-3 md:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <>
          <div className="mt-4 grid gap-3 md:grid-cols-2">
            <RoutineColumn
              title="Morning"
              icon={SunIcon}
              products={data.morning}
              onDelete={onDelete}
            />
            <RoutineColumn
              title="Evening"
              icon={MoonIcon}
              products={data.evening}
              onDelete={onDelete}
            />
          </div>
          <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="routine-summary">
            <SummaryTile label="Total products" value={data.morning.length + data.evening.length} />
            <SummaryTile label="Routine changes" value={changes ?? '…'} />
            <SummaryTile label="Active treatments" value={activeTreatments(data)} />
            <SummaryTile
              label="Routine consistency"
              value={
                changes === undefined ? '…' : `${routineConsistencyPercent(changes, scanCount)}%`
              }
            />
          </div>
        </>
      )}
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
          <ul className="mt-3 grid max-h-72 gap-2 overflow-y-auto pr-1">
            {history.data.entries.slice(0, 20).map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Badge
                  variant={
                    entry.type === 'addition'
                      ? 'success'
                      : entry.type === 'removal'
                        ? 'destructive'
                        : 'default'
                  }
                >
                  {entry.type === 'addition'
                    ? 'Added'
                    : entry.type === 'removal'
                      ? 'Removed'
                      : 'Set up'}
                </Badge>
                <span className="font-medium">{entry.change}</span>
                <span className="text-muted-foreground">{entry.reason}</span>
                <span className="ml-auto text-xs text-muted-foreground">
                  {formatDate(entry.date)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
