import type { AdminProduct, CreateProductBody } from '@lumiskin/contract/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LeaveGuard } from '@/components/leave-guard';
import { Button } from '@/components/ui/button';
import {
  CopySection,
  ImageSection,
  PriceSection,
  ProductSection,
  RecommenderSection,
  type FormParts,
} from '@/features/admin/components/product-form-sections';
import {
  fieldOf,
  isFormulation,
  productResolver,
  toBody,
  valuesOf,
  type ProductFormValues,
} from '@/features/admin/components/product-form-values';
import { ApiRequestError } from '@/lib/api/api-client';
import { cn } from '@/lib/utils';

/**
 * Create (admin) and edit (moderators: copy and image; admins: everything) one product. The
 * values, the body they become and its checks are in product-form-values.ts; the sections in
 * product-form-sections.tsx (issue 14, decision 032).
 */
export function ProductForm({
  product,
  isAdmin,
  saving,
  onSubmit,
  onCancel,
}: {
  /** null: a new product. */
  product: AdminProduct | null;
  isAdmin: boolean;
  saving: boolean;
  /** Resolves when saved; a refusal with `fields` is shown beside those fields. */
  onSubmit: (body: CreateProductBody, image: File | null) => Promise<void>;
  onCancel: () => void;
}) {
  const isNew = product === null;
  const [image, setImage] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProductFormValues>({
    resolver: productResolver,
    defaultValues: valuesOf(product),
  });
  const type = watch('type');
  const price = watch('price');
  const formulation = isFormulation(type);
  // Moderators edit copy and images; prices, visibility and what the recommender reads are an
  // admin's (shown to them, not as inputs).
  const err = (name: keyof ProductFormValues) => errors[name]?.message as string | undefined;
  const form: FormParts = { register, err };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(toBody(values), image);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) {
          setError(fieldOf(path, values.type) as keyof ProductFormValues, { message });
        }
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <LeaveGuard
        when={(isDirty || image !== null) && !isSubmitting}
        what="The product’s changes"
      />
      <ProductSection form={form} product={product} />
      <CopySection form={form} formulation={formulation} />
      {formulation ? <RecommenderSection form={form} product={product} isAdmin={isAdmin} /> : null}
      <PriceSection form={form} product={product} isAdmin={isAdmin} price={price} />
      <ImageSection product={product} onImage={setImage} />

      <div className={cn('flex flex-wrap gap-2')}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : isNew ? 'Create product' : 'Save changes'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
