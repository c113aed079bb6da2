import { ArrowLeftIcon } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import {
  useAdminProducts,
  useCreateProduct,
  useUpdateProduct,
} from '@/features/admin/api/products';
import { AdminOnly } from '@/features/admin/components/admin-only';
import { ProductForm } from '@/features/admin/components/product-form';
import { diffEdit } from '@/features/admin/components/product-form-values';
import { errorMessage } from '@/lib/api/api-client';
import { useAuth } from '@/lib/api/auth';

function BackLink() {
  return (
    <Link
      to={paths.adminProducts.href}
      className="inline-flex items-center gap-1 text-sm text-primary-text hover:underline"
    >
      <ArrowLeftIcon className="size-4" aria-hidden /> All products
    </Link>
  );
}

function NewProduct() {
  const navigate = useNavigate();
  const create = useCreateProduct();
  return (
    <ProductForm
      product={null}
      isAdmin
      saving={create.isPending}
      onCancel={() => void navigate(paths.adminProducts.href)}
      onSubmit={async (body, image) => {
        try {
          const created = await create.mutateAsync({ body, image });
          toast.success(`${created.name} created`);
          await navigate(paths.adminProduct.href(created.id));
        } catch (error) {
          toast.error(errorMessage(error, 'The product was not created'));
          throw error;
        }
      }}
    />
  );
}

function EditProduct({ id }: { id: string }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const products = useAdminProducts();
  const update = useUpdateProduct();
  if (products.isPending) return <Spinner />;
  if (products.isError)
    return <LoadError what="the product" onRetry={() => void products.refetch()} />;
  const product = products.data.find((p) => p.id === id);
  if (!product) return <p className="text-sm text-muted-foreground">No product with this id.</p>;
  return (
    <ProductForm
      // A fresh form when the product changed on the server (after a save).
      key={JSON.stringify(product)}
      product={product}
      isAdmin={isAdmin}
      saving={update.isPending}
      onCancel={() => void navigate(paths.adminProducts.href)}
      onSubmit={async (body, image) => {
        const edit = { ...diffEdit(product, body, isAdmin), image };
        if (!edit.copy && !edit.formulation && edit.changes.length === 0 && !image) {
          toast.info('Nothing has changed');
          return;
        }
        try {
          await update.mutateAsync(edit);
          toast.success('Product saved');
        } catch (error) {
          toast.error(errorMessage(error, 'The product was not saved'));
          throw error;
        }
      }}
    />
  );
}

/** /admin/products/new (admin) and /admin/products/:id (moderators edit copy and images). */
export default function AdminProductEditRoute() {
  const { id } = useParams();
  const isNew = id === undefined;
  return (
    <div className="space-y-4">
      <BackLink />
      <title>{`${isNew ? 'New product' : 'Edit product'} — Admin — Lumiskin`}</title>
      <h1 className="text-2xl font-bold">{isNew ? 'New product' : 'Edit product'}</h1>
      {isNew ? (
        <AdminOnly what="add products (a new product sets a price)">
          <NewProduct />
        </AdminOnly>
      ) : (
        <EditProduct id={id} />
      )}
    </div>
  );
}
