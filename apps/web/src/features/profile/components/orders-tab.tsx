import { formatPounds } from '@lumiskin/contract/mix';
import { ORDER_STATUS_LABELS } from '@lumiskin/contract/orders';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate, plural } from '@/lib/format';
import { useOrders } from '@/features/profile/api/get-orders';

/** The Orders tab: every order, newest first, each linking to its page (decision 083). */
export function OrdersTab() {
  const orders = useOrders();
  if (orders.isError) {
    return <LoadError what="your orders" onRetry={() => void orders.refetch()} />;
  }
  if (!orders.data) return <Skeleton className="h-40" />;
  if (orders.data.orders.length === 0) {
    return (
      <div className="rounded-xl border border-dashed p-8 text-center">
        <p className="font-medium">No orders yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Build a mix of one base and up to two boosters, then check out.
        </p>
        <Button asChild className="mt-4">
          <Link to={paths.shop.href}>Go to the shop</Link>
        </Button>
      </div>
    );
  }
  return (
    <ol className="grid gap-3" data-testid="profile-orders">
      {orders.data.orders.map((order) => (
        <li key={order.id}>
          <Link
            to={paths.order.href(order.id)}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border bg-background/60 p-4 hover:bg-muted"
          >
            <span className="font-semibold">Order {order.number}</span>
            <span className="text-sm text-muted-foreground">
              {formatDate(order.created_at)} · {plural(order.item_count, 'item')}
            </span>
            <Badge className="ml-auto" data-status={order.status}>
              {ORDER_STATUS_LABELS[order.status]}
            </Badge>
            <span className="font-semibold tabular-nums">{formatPounds(order.total_pence)}</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
