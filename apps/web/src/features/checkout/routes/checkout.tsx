import { formatPounds } from '@lumiskin/contract/mix';
import { CreditCardIcon, InfoIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/api-client';
import { useMix } from '@/lib/api/mix';
import { useCheckoutInfo } from '@/features/checkout/api/get-checkout-info';
import { usePlaceOrder } from '@/features/checkout/api/place-order';
import {
  AddressFields,
  checkAddress,
  draftOf,
  type AddressDraft,
  type AddressErrors,
} from '@/features/checkout/components/address-form';
import { leaveFor } from '@/lib/platform/leave';

/** What the person is told about payment before they place the order. */
function PaymentNote({ method }: { method: 'stripe' | 'manual' }) {
  return method === 'stripe' ? (
    <Alert variant="info">
      <CreditCardIcon aria-hidden />
      <p>You will pay by card on Stripe’s secure page, then come back here.</p>
    </Alert>
  ) : (
    <Alert variant="info">
      <InfoIcon aria-hidden />
      <p>
        Card payment is not switched on yet. Your order will be placed as{' '}
        <strong>awaiting payment</strong>: our team will contact you to settle it, and we send it
        once it is paid. Nothing is charged now.
      </p>
    </Alert>
  );
}

/** /checkout: the mix, a UK delivery address, and "Place order" (decision 083). */
export default function CheckoutRoute() {
  const mix = useMix();
  const info = useCheckoutInfo();
  const place = usePlaceOrder();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<AddressDraft | null>(null);
  const [errors, setErrors] = useState<AddressErrors>({});

  const address = draft ?? draftOf(info.data?.last_address ?? null);
  const deliveryPence = info.data?.delivery_pence ?? 0;
  const totalPence = mix.totalPence + deliveryPence;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAddress(address);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(`address-${first}`)?.focus();
      return;
    }
    setErrors({});
    place.mutate(
      { address: checked.address, expected_total_pence: totalPence },
      {
        onSuccess: ({ order, checkout_url }) => {
          if (checkout_url) leaveFor(checkout_url);
          else void navigate(`${paths.order.href(order.id)}?placed=1`);
        },
      },
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <title>Checkout — Lumiskin</title>
      <h1 className="text-h2 font-semibold">Checkout</h1>
      {info.isError ? (
        <LoadError what="checkout" onRetry={() => void info.refetch()} />
      ) : mix.isLoading || !info.data ? (
        <Skeleton className="h-96 rounded-2xl" />
      ) : mix.entries.length === 0 || !mix.isComplete ? (
        <Card className="grid gap-3 p-6">
          <p>
            {mix.entries.length === 0
              ? 'Your mix is empty.'
              : 'Your mix needs exactly one base before it can be ordered.'}
          </p>
          <Button asChild className="w-fit">
            <Link to={paths.shop.href}>Go to the shop</Link>
          </Button>
        </Card>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <Card className="grid gap-4 p-6">
            <h2 className="text-h3 font-semibold">Delivery address</h2>
            <AddressFields value={address} errors={errors} onChange={setDraft} />
          </Card>
          <Card className="grid h-fit gap-4 p-6">
            <h2 className="text-h3 font-semibold">Your mix</h2>
            <ul className="grid gap-2 text-sm" aria-label="Order summary">
              {mix.entries.map((entry) => (
                <li key={entry.product_id} className="flex justify-between gap-3">
                  <span className="min-w-0 wrap-anywhere">
                    {entry.quantity} × {entry.product?.name ?? entry.product_id}
                  </span>
                  <span className="tabular-nums">
                    {formatPounds(entry.price_pence * entry.quantity)}
                  </span>
                </li>
              ))}
              <li className="flex justify-between gap-3 text-muted-foreground">
                <span>UK delivery</span>
                <span>{deliveryPence === 0 ? 'Free' : formatPounds(deliveryPence)}</span>
              </li>
            </ul>
            <p className="flex items-baseline justify-between border-t pt-3">
              <span className="text-sm text-muted-foreground">Total</span>
              <span className="text-h3 font-semibold tabular-nums" data-testid="checkout-total">
                {formatPounds(totalPence)}
              </span>
            </p>
            <PaymentNote method={info.data.payment_method} />
            {place.isError ? (
              <Alert variant="destructive" role="alert">
                <p>
                  {errorMessage(place.error, 'The order could not be placed. Please try again.')}
                </p>
              </Alert>
            ) : null}
            <Button type="submit" size="lg" disabled={place.isPending || place.isSuccess}>
              {info.data.payment_method === 'stripe' ? 'Place order and pay' : 'Place order'}
            </Button>
          </Card>
        </form>
      )}
    </div>
  );
}
