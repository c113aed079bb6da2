import { formatPounds } from '@lumiskin/contract/mix';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type AdminOrder,
  type OrderStatus,
} from '@lumiskin/contract/orders';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api/api-client';
import { formatDateTime } from '@/lib/format';
import { useAdminOrders, useSetOrderStatus } from '@/features/admin/api/orders';
import { AdminOnly } from '@/features/admin/components/admin-only';
import { Pager } from '@/features/admin/components/pager';
import { NativeSelect } from '@/components/ui/native-select';

const PAGE_SIZE = 20;

/** The button for each move staff may make, in the words of the result. */
const ACTION_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Mark paid',
  shipped: 'Mark shipped',
  cancelled: 'Cancel order',
  refunded: 'Mark refunded',
};

/** Moves that cannot be undone ask first. */
const CONFIRM: Partial<Record<OrderStatus, string>> = {
  cancelled: 'Cancel this order? A cancelled order cannot be paid or shipped afterwards.',
  refunded:
    'Mark this order refunded? Make the refund itself first (in Stripe’s dashboard for a card payment); this only records it.',
};

function OrderCard({ order }: { order: AdminOrder }) {
  const setStatus = useSetOrderStatus();
  const move = (status: OrderStatus) => {
    const question = CONFIRM[status];
    if (question && !window.confirm(question)) return;
    setStatus.mutate(
      { id: order.id, status },
      {
        onSuccess: (next) =>
          toast.success(`Order ${next.number}: ${ORDER_STATUS_LABELS[next.status].toLowerCase()}`),
        onError: (error) => toast.error(errorMessage(error, 'The order could not be changed.')),
      },
    );
  };
  return (
    <li className="grid gap-3 rounded-xl border p-4" data-testid="admin-order">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="font-semibold">Order {order.number}</span>
        <Badge data-status={order.status}>{ORDER_STATUS_LABELS[order.status]}</Badge>
        <span className="text-sm text-muted-foreground">{formatDateTime(order.created_at)}</span>
        <span className="ml-auto font-semibold tabular-nums">
          {formatPounds(order.total_pence)}
        </span>
      </div>
      <div className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere">
            {order.customer
              ? `${order.customer.name} · ${order.customer.email}`
              : 'Deleted account'}
          </p>
          {order.address ? (
            <address className="not-italic text-muted-foreground wrap-anywhere">
              {[
                order.address.full_name,
                order.address.line1,
                order.address.line2,
                order.address.city,
                order.address.county,
                order.address.postcode,
                order.address.phone,
              ]
                .filter(Boolean)
                .join(', ')}
            </address>
          ) : (
            <p className="text-muted-foreground">Address removed with the account</p>
          )}
          <p className="text-muted-foreground">
            Payment: {order.payment_method === 'stripe' ? 'card (Stripe)' : 'settled by staff'}
          </p>
        </div>
        <ul className="grid gap-1">
          {order.lines.map((line) => (
            <li key={line.product_id} className="flex justify-between gap-3">
              <span className="min-w-0 wrap-anywhere">
                {line.quantity} × {line.name}
              </span>
              <span className="shrink-0 tabular-nums">{formatPounds(line.line_total_pence)}</span>
            </li>
          ))}
        </ul>
      </div>
      {order.allowed_statuses.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {order.allowed_statuses.map((status) => (
            <Button
              key={status}
              size="sm"
              variant={status === 'cancelled' || status === 'refunded' ? 'outline' : 'default'}
              busy={setStatus.isPending}
              onClick={() => move(status)}
              // Every card has its "Mark paid": the name says whose.
              aria-label={
                status === 'cancelled'
                  ? `Cancel order ${order.number}`
                  : `${ACTION_LABELS[status]}, order ${order.number}`
              }
            >
              {ACTION_LABELS[status]}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** /admin/orders: orders by status; staff settle, ship, cancel and refund them (decision 083). */
export default function AdminOrdersRoute() {
  return (
    <AdminOnly what="see and settle orders">
      <OrderList />
    </AdminOnly>
  );
}

function OrderList() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const orders = useAdminOrders({ status: status || undefined, page, page_size: PAGE_SIZE });
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / PAGE_SIZE)) : 1;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <title>Orders — Admin — Lumiskin</title>
        <h1 className="text-2xl font-bold">Orders</h1>
        <NativeSelect
          compact
          aria-label="Filter by status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as OrderStatus | '');
            setPage(1);
          }}
        >
          <option value="">Every status</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Card className="p-4">
        {orders.isPending ? (
          <Spinner />
        ) : orders.isError ? (
          <LoadError what="the orders" onRetry={() => void orders.refetch()} />
        ) : orders.data.orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No orders here.</p>
        ) : (
          <ul className="grid gap-3">
            {orders.data.orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </Card>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
