import { formatPounds } from '@lumiskin/contract/mix';
import { ORDER_STATUS_LABELS, type Order } from '@lumiskin/contract/orders';
import { CheckCircle2Icon, InfoIcon } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiRequestError, errorMessage } from '@/lib/api/api-client';
import { formatDate } from '@/lib/format';
import { useOrder, usePayOrder } from '@/features/checkout/api/get-order';
import { leaveFor } from '@/lib/platform/leave';

/** What an order's status means for the person, in a sentence. */
function statusSentence(order: Order): string {
  switch (order.status) {
    case 'awaiting_payment':
      return order.payment_method === 'stripe'
        ? 'Awaiting payment: pay by card to have it sent.'
        : 'Awaiting payment: card payment is not switched on yet, so our team will contact you to settle it. We send it once it is paid.';
    case 'paid':
      return 'Paid. We will email you when it is on its way.';
    case 'shipped':
      return 'Shipped: it is on its way to you.';
    case 'cancelled':
      return 'Cancelled. Nothing more will be charged or sent.';
    case 'refunded':
      return 'Refunded.';
  }
}

function PayButton({ order }: { order: Order }) {
  const pay = usePayOrder(order.id);
  return (
    <div className="grid gap-2">
      <Button
        className="w-fit"
        disabled={pay.isPending || pay.isSuccess}
        onClick={() =>
          pay.mutate(undefined, {
            onSuccess: ({ checkout_url }) => leaveFor(checkout_url),
          })
        }
      >
        Pay now by card
      </Button>
      {pay.isError ? (
        <p role="alert" className="text-sm text-destructive-soft-foreground">
          {errorMessage(pay.error, 'The payment page could not be opened. Please try again.')}
        </p>
      ) : null}
    </div>
  );
}

/** /orders/:id: one order, where checkout and Stripe bring the person back. */
export default function OrderRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const payment = search.get('payment');
  const order = useOrder(id, { pollUntilPaid: payment === 'success' });

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <title>
        {order.data ? `Order ${order.data.number} — Lumiskin` : 'Your order — Lumiskin'}
      </title>
      {order.isError ? (
        order.error instanceof ApiRequestError && order.error.status === 404 ? (
          <Card className="p-6">
            <p>We could not find this order.</p>
          </Card>
        ) : (
          <LoadError what="your order" onRetry={() => void order.refetch()} />
        )
      ) : !order.data ? (
        <Skeleton className="h-96 rounded-2xl" />
      ) : (
        <>
          {search.get('placed') ? (
            <Alert variant="info" role="status">
              <CheckCircle2Icon aria-hidden />
              <p>Thank you: your order is placed. We have emailed you a confirmation.</p>
            </Alert>
          ) : null}
          {payment === 'success' && order.data.status === 'awaiting_payment' ? (
            <Alert variant="info" role="status">
              <InfoIcon aria-hidden />
              <p>Thank you. We are confirming your payment with Stripe; this takes a moment.</p>
            </Alert>
          ) : null}
          {payment === 'cancelled' && order.data.status === 'awaiting_payment' ? (
            <Alert role="status">
              <InfoIcon aria-hidden />
              <p>The payment was not completed. Your order is kept: pay whenever you are ready.</p>
            </Alert>
          ) : null}
          <Card className="grid gap-5 p-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-h2 font-semibold">Order {order.data.number}</h1>
              <Badge data-status={order.data.status}>
                {ORDER_STATUS_LABELS[order.data.status]}
              </Badge>
            </div>
            <p className="text-sm text-muted-foreground">
              Placed {formatDate(order.data.created_at)}
            </p>
            <p data-testid="order-status-sentence">{statusSentence(order.data)}</p>
            {order.data.status === 'awaiting_payment' && order.data.payment_method === 'stripe' ? (
              <PayButton order={order.data} />
            ) : null}
            <ul className="grid gap-2 text-sm" aria-label="Products">
              {order.data.lines.map((line) => (
                <li key={line.product_id} className="flex justify-between gap-3">
                  <span className="min-w-0 wrap-anywhere">
                    {line.quantity} × {line.name}
                  </span>
                  <span className="tabular-nums">{formatPounds(line.line_total_pence)}</span>
                </li>
              ))}
              <li className="flex justify-between gap-3 text-muted-foreground">
                <span>UK delivery</span>
                <span>
                  {order.data.delivery_pence === 0
                    ? 'Free'
                    : formatPounds(order.data.delivery_pence)}
                </span>
              </li>
              <li className="flex justify-between gap-3 border-t pt-2 font-semibold">
                <span>Total</span>
                <span className="tabular-nums">{formatPounds(order.data.total_pence)}</span>
              </li>
            </ul>
            {order.data.address ? (
              <div className="text-sm">
                <h2 className="font-semibold">Delivery to</h2>
                <address className="mt-1 not-italic text-muted-foreground wrap-anywhere">
                  {[
                    order.data.address.full_name,
                    order.data.address.line1,
                    order.data.address.line2,
                    order.data.address.city,
                    order.data.address.county,
                    order.data.address.postcode,
                  ]
                    .filter(Boolean)
                    .map((part) => (
                      <span key={part} className="block">
                        {part}
                      </span>
                    ))}
                </address>
              </div>
            ) : null}
          </Card>
          <Link to={paths.profileOrders.href} className="text-sm text-primary-text hover:underline">
            All your orders are in your profile
          </Link>
        </>
      )}
    </div>
  );
}
