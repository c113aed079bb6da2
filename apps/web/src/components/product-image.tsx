import type { ShopProductListItem } from '@lumiskin/contract/shop';
import { PackageIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * A product's render (shipped under /images/products/), on a tint of its own colour. Width and
 * height are set so nothing shifts as it loads; a broken image leaves a placeholder icon.
 */
export function ProductImage({
  product,
  size,
  className,
  eager = false,
  priority = false,
}: {
  product: Pick<ShopProductListItem, 'name' | 'image' | 'color'>;
  size: number;
  className?: string;
  eager?: boolean;
  /** fetchpriority="high" for the image that is likely the page's largest paint. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      className={cn('relative flex items-center justify-center overflow-hidden', className)}
      style={{ backgroundColor: `color-mix(in srgb, ${product.color} 16%, transparent)` }}
    >
      {failed || !product.image ? (
        <PackageIcon
          className="size-1/3 text-muted-foreground"
          aria-label={product.name}
          role="img"
        />
      ) : (
        <img
          src={product.image}
          alt={product.name}
          width={size}
          height={size}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={() => setFailed(true)}
          className="h-full w-full object-cover"
        />
      )}
    </div>
  );
}
