import type { AdminProduct } from '@lumiskin/contract/admin';
import { formatPounds } from '@lumiskin/contract/mix';
import { ImageUpIcon, PlusIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import {
  useAdminProducts,
  useProductChange,
  useUploadProductImage,
  type ProductChange,
} from '@/features/admin/api/products';
import { errorMessage } from '@/lib/api/api-client';
import { useAuth } from '@/lib/api/auth';

/**
 * Moderators and admins: a new image, checked and re-encoded by the server (no SVG). A button of
 * the admin's own look opens the file picker (the browser's bare file input, with its "No file
 * chosen", is kept out of sight but stays the labelled control).
 */
function ImageUpload({ product }: { product: AdminProduct }) {
  const upload = useUploadProductImage();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-label={`Image of ${product.name}`}
        className="sr-only"
        tabIndex={-1}
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file chosen again after a failure is a new choice.
          e.target.value = '';
          if (!file) return;
          upload.mutate(
            { id: product.id, file },
            {
              onSuccess: () => toast.success('Image saved'),
              onError: (error) => toast.error(errorMessage(error, 'The image was not saved')),
            },
          );
        }}
      />
      <Button
        size="sm"
        type="button"
        variant="outline"
        disabled={upload.isPending}
        aria-label={`Change the image of ${product.name}`}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? <Spinner /> : <ImageUpIcon aria-hidden />}
        Image
      </Button>
    </>
  );
}

const PRICE_ERROR = 'Enter a price of at least £0.01';

function ProductRow({ product, isAdmin }: { product: AdminProduct; isAdmin: boolean }) {
  const change = useProductChange();
  const saved = (product.price_pence / 100).toFixed(2);
  const [price, setPrice] = useState(saved);
  const [priceError, setPriceError] = useState<string | null>(null);
  const priceErrorId = `price-error-${product.id}`;
  const run = (next: ProductChange, done: string) =>
    change.mutate(next, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(errorMessage(error, 'That did not work')),
    });
  const toggles: {
    label: string;
    variant: 'outline' | 'ghost';
    next: ProductChange;
    done: string;
  }[] = [
    {
      label: product.hidden ? 'Unhide' : 'Hide',
      variant: 'outline',
      next: { kind: 'visibility', id: product.id, hidden: !product.hidden },
      done: product.hidden ? 'Product shown' : 'Product hidden',
    },
    {
      label: product.featured ? 'Unfeature' : 'Feature',
      variant: 'ghost',
      next: { kind: 'featured', id: product.id, featured: !product.featured },
      done: product.featured ? 'No longer featured' : 'Featured',
    },
  ];
  return (
    <li className="grid grid-cols-[3rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 border-b py-3 last:border-b-0 lg:grid-cols-[3rem_minmax(0,1fr)_auto]">
      <img
        src={product.image_data}
        alt=""
        loading="lazy"
        width={48}
        height={48}
        className="size-12 rounded-lg border object-contain"
        style={{ backgroundColor: product.color }}
      />
      <div className="min-w-0">
        {/* A long word in a name (staff choose them) wraps instead of widening the page. */}
        <p className="font-medium wrap-anywhere">
          {product.name}{' '}
          {product.hidden ? (
            <span className="rounded bg-muted px-1.5 text-xs text-muted-foreground">hidden</span>
          ) : null}
          {product.featured ? (
            <span className="rounded bg-primary-soft px-1.5 text-xs">featured</span>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {product.type} · {product.category} · {formatPounds(product.price_pence)}
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 lg:col-span-1 lg:justify-end">
        <Button asChild size="sm" variant="ghost">
          <Link to={paths.adminProduct.href(product.id)} aria-label={`Edit ${product.name}`}>
            Edit
          </Link>
        </Button>
        <ImageUpload product={product} />
        {isAdmin ? (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const pence = Math.round(Number(price) * 100);
              if (!Number.isFinite(pence) || pence < 1) {
                // Said at the field (and as a toast): the keyboard and a screen reader find it there.
                setPriceError(PRICE_ERROR);
                toast.error(PRICE_ERROR);
                return;
              }
              setPriceError(null);
              run({ kind: 'price', id: product.id, price_pence: pence }, 'Price saved');
            }}
          >
            <label className="flex items-center gap-1 text-sm">
              £
              <Input
                aria-label={`Price of ${product.name} in pounds`}
                aria-invalid={priceError ? true : undefined}
                aria-describedby={priceError ? priceErrorId : undefined}
                className="h-9 w-24"
                inputMode="decimal"
                value={price}
                onChange={(e) => {
                  setPrice(e.target.value);
                  setPriceError(null);
                }}
              />
            </label>
            {priceError ? (
              <p id={priceErrorId} className="w-full text-xs text-destructive">
                {priceError}
              </p>
            ) : null}
            {/* Nothing to save until the price differs from the one saved. */}
            <Button size="sm" type="submit" disabled={change.isPending || price.trim() === saved}>
              Save price
            </Button>
            {toggles.map((t) => (
              <Button
                key={t.next.kind}
                size="sm"
                type="button"
                variant={t.variant}
                busy={change.isPending}
                onClick={() => run(t.next, t.done)}
                // Every row has its "Hide": the name says which product.
                aria-label={`${t.label} ${product.name}`}
              >
                {t.label}
              </Button>
            ))}
          </form>
        ) : null}
      </div>
    </li>
  );
}

export default function AdminProductsRoute() {
  const { user } = useAuth();
  const products = useAdminProducts();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <title>Products — Admin — Lumiskin</title>
        <h1 className="text-2xl font-bold">Products</h1>
        {user?.role === 'admin' ? (
          <Button asChild>
            <Link to={paths.adminProductNew.href}>
              <PlusIcon aria-hidden /> New product
            </Link>
          </Button>
        ) : null}
      </div>
      {user?.role !== 'admin' ? (
        <p className="text-sm text-muted-foreground">
          Prices, visibility and featuring are changed by an admin.
        </p>
      ) : null}
      <Card className="px-4">
        {products.isPending ? (
          <Spinner />
        ) : products.isError ? (
          <LoadError what="the products" onRetry={() => void products.refetch()} />
        ) : (
          <ul>
            {products.data.map((p) => (
              <ProductRow key={p.id} product={p} isAdmin={user?.role === 'admin'} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
