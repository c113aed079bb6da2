import type { AdminProduct } from '@lumiskin/contract/admin';
import { formatPounds } from '@lumiskin/contract/mix';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
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

/** Moderators and admins: a new image, checked and re-encoded by the server (no SVG). */
function ImageUpload({ product }: { product: AdminProduct }) {
  const upload = useUploadProductImage();
  return (
    <label className="text-sm">
      <span className="sr-only">Image of {product.name}</span>
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="max-w-48 text-xs"
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
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
    </label>
  );
}

function ProductRow({ product, isAdmin }: { product: AdminProduct; isAdmin: boolean }) {
  const change = useProductChange();
  const [price, setPrice] = useState((product.price_pence / 100).toFixed(2));
  const run = (next: ProductChange, done: string) =>
    change.mutate(next, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(errorMessage(error, 'That did not work')),
    });
  return (
    <li className="flex flex-col gap-2 border-b py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium">
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
      <Link
        to={paths.adminProduct.href(product.id)}
        aria-label={`Edit ${product.name}`}
        className="text-sm font-medium text-primary-text hover:underline"
      >
        Edit
      </Link>
      <ImageUpload product={product} />
      {isAdmin ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const pence = Math.round(Number(price) * 100);
            if (!Number.isFinite(pence) || pence < 1) {
              toast.error('Enter a price of at least £0.01');
              return;
            }
            run({ kind: 'price', id: product.id, price_pence: pence }, 'Price saved');
          }}
        >
          <label className="flex items-center gap-1 text-sm">
            £
            <Input
              aria-label={`Price of ${product.name} in pounds`}
              className="h-9 w-24"
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </label>
          <Button size="sm" type="submit" disabled={change.isPending}>
            Save price
          </Button>
          <Button
            size="sm"
            type="button"
            variant="outline"
            disabled={change.isPending}
            onClick={() =>
              run(
                { kind: 'visibility', id: product.id, hidden: !product.hidden },
                product.hidden ? 'Product shown' : 'Product hidden',
              )
            }
          >
            {product.hidden ? 'Unhide' : 'Hide'}
          </Button>
          <Button
            size="sm"
            type="button"
            variant="ghost"
            disabled={change.isPending}
            onClick={() =>
              run(
                { kind: 'featured', id: product.id, featured: !product.featured },
                product.featured ? 'No longer featured' : 'Featured',
              )
            }
          >
            {product.featured ? 'Unfeature' : 'Feature'}
          </Button>
        </form>
      ) : null}
    </li>
  );
}

export default function AdminProductsRoute() {
  const { user } = useAuth();
  const products = useAdminProducts();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
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
