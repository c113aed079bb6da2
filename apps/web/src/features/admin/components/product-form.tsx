import {
  CreateProductBody,
  formulationIssues,
  type AdminProduct,
  type ProductCopyBody,
  type ProductFormulationBody,
} from '@lumiskin/contract/admin';
import { COMPREHENSIVE_METRICS, METRIC_LABELS, type MetricKey } from '@lumiskin/contract/analysis';
import { SUITABLE_FOR, type FormulationFlags } from '@lumiskin/contract/formulations';
import { formatPounds } from '@lumiskin/contract/mix';
import { PRODUCT_TYPES, type ProductType } from '@lumiskin/contract/shop';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FieldError, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { ProductChange, ProductEdit } from '@/features/admin/api/products';
import { ApiRequestError } from '@/lib/api/api-client';
import { cn } from '@/lib/utils';

/**
 * Create (admin) and edit (moderators: copy and image; admins: everything) one product. The
 * form holds text as people type it (pounds, one ingredient per line); the contract's own schema
 * checks the body it becomes, so the messages are the server's (issue 14, decision 032).
 */

const TARGET_SLOTS = 5;
const FLAGS: { key: keyof FormulationFlags; label: string }[] = [
  { key: 'containsRetinoid', label: 'Contains a retinoid (evenings only)' },
  { key: 'containsExfoliatingAcid', label: 'Contains an exfoliating acid (AHA/BHA/PHA)' },
  { key: 'containsVitaminC', label: 'Contains vitamin C (mornings)' },
  { key: 'gentle', label: 'Gentle: fine for sensitive skin from day one' },
];
const NO_FLAGS: FormulationFlags = {
  containsRetinoid: false,
  containsExfoliatingAcid: false,
  containsVitaminC: false,
  gentle: false,
};

export interface ProductFormValues {
  id: string;
  type: ProductType;
  name: string;
  category: string;
  size: string;
  /** Pounds as typed: "12.50". */
  price: string;
  short_description: string;
  description: string;
  how_to_use: string;
  /** One per line. */
  key_ingredients: string;
  /** Bases and boosters: from the recommender's list. */
  suitable_for: string[];
  /** Everyday products: free text, comma-separated. */
  suitable_for_text: string;
  time_of_use: '' | 'AM' | 'PM' | 'AM/PM';
  formulation_category: string;
  /** TARGET_SLOTS slots, main first; '' = none. */
  targets: string[];
  flags: FormulationFlags;
  featured: boolean;
  hidden: boolean;
}

const isFormulation = (type: string) => type === 'base' || type === 'booster';

/** "12.5" → 1250; anything that is not pounds and at most two decimals → NaN. */
export function poundsToPence(text: string): number {
  const trimmed = text.trim().replace(/^£/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
const commaList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function valuesOf(product: AdminProduct | null): ProductFormValues {
  const targets = [...(product?.targets ?? [])];
  return {
    id: product?.id ?? '',
    type: product?.type ?? 'booster',
    name: product?.name ?? '',
    category: product?.category ?? '',
    size: product?.size ?? '',
    price: product ? (product.price_pence / 100).toFixed(2) : '',
    short_description: product?.short_description ?? '',
    description: product?.description ?? '',
    how_to_use: product?.how_to_use ?? '',
    key_ingredients: (product?.key_ingredients ?? []).join('\n'),
    suitable_for: product && isFormulation(product.type) ? product.suitable_for : [],
    suitable_for_text:
      product && !isFormulation(product.type) ? product.suitable_for.join(', ') : '',
    time_of_use: product?.time_of_use ?? '',
    formulation_category: product?.formulation_category ?? '',
    targets: Array.from({ length: TARGET_SLOTS }, (_, i) => targets[i] ?? ''),
    flags: product?.formulation_flags ?? NO_FLAGS,
    featured: product?.featured ?? false,
    hidden: product?.hidden ?? false,
  };
}

/** The create body the values describe (also what an edit compares against the product). */
export function toBody(v: ProductFormValues): CreateProductBody {
  const formulation = isFormulation(v.type);
  return {
    id: v.id.trim(),
    type: v.type,
    name: v.name,
    category: v.category,
    size: v.size,
    price_pence: poundsToPence(v.price),
    short_description: v.short_description,
    description: v.description,
    how_to_use: v.how_to_use,
    key_ingredients: lines(v.key_ingredients),
    suitable_for: formulation ? v.suitable_for : commaList(v.suitable_for_text),
    time_of_use: v.time_of_use || null,
    featured: v.featured,
    hidden: v.hidden,
    formulation_category: formulation ? v.formulation_category.trim() || null : null,
    targets: formulation ? (v.targets.filter(Boolean) as MetricKey[]) : null,
    formulation_flags: formulation ? v.flags : null,
  };
}

/** Where an error about a body field shows in the form. */
function fieldOf(path: string, type: string): string {
  if (path === 'price_pence') return 'price';
  if (path === 'formulation_flags') return 'flags';
  if (path === 'suitable_for') return isFormulation(type) ? 'suitable_for' : 'suitable_for_text';
  return path;
}

/** The contract's CreateProductBody checks the body; its messages go to the fields people edit. */
const productResolver: Resolver<ProductFormValues> = (values) => {
  const body = toBody(values);
  const parsed = CreateProductBody.safeParse(body);
  if (parsed.success) return { values, errors: {} };
  // zod skips the base/booster check while a field is wrong; people should see every problem at once.
  const issues = [
    ...parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? 'name'), message: i.message })),
    ...formulationIssues(body),
  ];
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    errors[fieldOf(issue.path, values.type)] ??= { type: 'validation', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<ProductFormValues> };
};

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** What an edit changed, split by route: copy, formulation (admin), price/visibility/featured. */
export function diffEdit(
  product: AdminProduct,
  body: CreateProductBody,
  isAdmin: boolean,
): Omit<ProductEdit, 'image'> {
  const copy: ProductCopyBody = {};
  const textKeys = [
    'name',
    'short_description',
    'description',
    'category',
    'how_to_use',
    'size',
  ] as const;
  for (const key of textKeys) {
    if (body[key].trim() !== product[key]) copy[key] = body[key];
  }
  if (!sameList(body.key_ingredients ?? [], product.key_ingredients))
    copy.key_ingredients = body.key_ingredients ?? [];
  if (!sameList(body.suitable_for ?? [], product.suitable_for))
    copy.suitable_for = body.suitable_for ?? [];
  if ((body.time_of_use ?? null) !== product.time_of_use)
    copy.time_of_use = body.time_of_use ?? null;

  let formulation: ProductFormulationBody | null = null;
  const changes: ProductChange[] = [];
  if (isAdmin) {
    if (
      isFormulation(product.type) &&
      (body.formulation_category !== product.formulation_category ||
        !sameList(body.targets ?? null, product.targets) ||
        JSON.stringify(body.formulation_flags) !== JSON.stringify(product.formulation_flags))
    ) {
      formulation = {
        formulation_category: body.formulation_category ?? '',
        targets: body.targets ?? [],
        formulation_flags: body.formulation_flags ?? NO_FLAGS,
      };
    }
    if (body.price_pence !== product.price_pence)
      changes.push({ kind: 'price', id: product.id, price_pence: body.price_pence });
    if ((body.hidden ?? false) !== product.hidden)
      changes.push({ kind: 'visibility', id: product.id, hidden: body.hidden ?? false });
    if ((body.featured ?? false) !== product.featured)
      changes.push({ kind: 'featured', id: product.id, featured: body.featured ?? false });
  }
  return {
    id: product.id,
    copy: Object.keys(copy).length > 0 ? copy : null,
    formulation,
    changes,
  };
}

const textareaClass =
  'min-h-24 w-full rounded-xl border border-input bg-card px-3.5 py-2.5 text-base shadow-xs outline-none focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/15 aria-invalid:border-destructive disabled:opacity-60 sm:text-sm';
const selectClass =
  'h-11 w-full rounded-xl border border-input bg-card px-3 text-base shadow-xs disabled:opacity-60 sm:text-sm';

function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Card className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      </div>
      {children}
    </Card>
  );
}

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
    formState: { errors },
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

  const text = (
    name: 'id' | 'name' | 'category' | 'size' | 'formulation_category',
    label: string,
    props: { placeholder?: string; disabled?: boolean; hint?: string } = {},
  ) => (
    <Field id={`product-${name}`} label={label} error={err(name)}>
      <Input
        id={`product-${name}`}
        placeholder={props.placeholder}
        disabled={props.disabled}
        {...fieldAria(`product-${name}`, err(name))}
        {...register(name)}
      />
      {props.hint ? <p className="text-xs text-muted-foreground">{props.hint}</p> : null}
    </Field>
  );
  const area = (
    name: 'short_description' | 'description' | 'how_to_use' | 'key_ingredients',
    label: string,
    hint?: string,
  ) => (
    <Field id={`product-${name}`} label={label} error={err(name)}>
      <textarea
        id={`product-${name}`}
        className={textareaClass}
        {...fieldAria(`product-${name}`, err(name))}
        {...register(name)}
      />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Section title="The product">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', 'Name')}
          {isNew ? (
            text('id', 'Id (in the address)', {
              placeholder: 'e.g. cica-calm-drops',
              hint: 'Lower-case letters, digits and hyphens; it cannot change later.',
            })
          ) : (
            <div className="grid gap-2 text-sm">
              <span className="font-medium">Id</span>
              <code className="rounded-lg bg-muted px-3 py-2.5">{product.id}</code>
            </div>
          )}
          <Field id="product-type" label="Type" error={err('type')}>
            <select
              id="product-type"
              className={selectClass}
              disabled={!isNew}
              {...register('type')}
            >
              {PRODUCT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Field>
          {text('category', 'Shop category', { placeholder: 'e.g. Boosters' })}
          {text('size', 'Size', { placeholder: 'e.g. 15 ml' })}
          <Field id="product-time_of_use" label="Time of use" error={err('time_of_use')}>
            <select
              id="product-time_of_use"
              className={selectClass}
              {...fieldAria('product-time_of_use', err('time_of_use'))}
              {...register('time_of_use')}
            >
              <option value="">Not set</option>
              <option value="AM">Morning (AM)</option>
              <option value="PM">Evening (PM)</option>
              <option value="AM/PM">Morning and evening</option>
            </select>
          </Field>
        </div>
      </Section>

      <Section title="Copy" note="What the shop and the product page show.">
        {area('short_description', 'Short description', 'One line on the shop card.')}
        {area('description', 'Description')}
        {area('how_to_use', 'How to use')}
        {area('key_ingredients', 'Key ingredients', 'One per line.')}
        {formulation ? (
          <fieldset
            className="grid gap-2"
            aria-describedby={err('suitable_for') ? 'product-suitable-error' : undefined}
          >
            <legend className="text-sm font-medium">
              Suitable for (the recommender’s skin types)
            </legend>
            <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
              {SUITABLE_FOR.map((s) => (
                <label key={s} className="flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={s}
                    className="size-4 accent-primary"
                    {...register('suitable_for')}
                  />
                  {s}
                </label>
              ))}
            </div>
            {err('suitable_for') ? (
              <FieldError id="product-suitable-error">{err('suitable_for')}</FieldError>
            ) : null}
          </fieldset>
        ) : (
          <Field
            id="product-suitable_for_text"
            label="Suitable for"
            error={err('suitable_for_text')}
          >
            <Input
              id="product-suitable_for_text"
              placeholder="e.g. All skin types, Sensitive skin"
              {...fieldAria('product-suitable_for_text', err('suitable_for_text'))}
              {...register('suitable_for_text')}
            />
            <p className="text-xs text-muted-foreground">Comma-separated.</p>
          </Field>
        )}
      </Section>

      {formulation ? (
        <Section
          title="For the routine recommender"
          note={
            isAdmin
              ? 'Which scan results this product answers, main one first, and the ingredient facts its safety rules need.'
              : 'What the recommender reads to choose this product is changed by an admin.'
          }
        >
          {isAdmin ? (
            <>
              {text('formulation_category', 'Formulation category', {
                placeholder: 'e.g. sensitivity/redness',
              })}
              <div className="grid gap-2">
                <span className="text-sm font-medium">Targets (main first)</span>
                <div className="grid gap-2 sm:grid-cols-5">
                  {Array.from({ length: TARGET_SLOTS }, (_, i) => (
                    <select
                      key={i}
                      aria-label={i === 0 ? 'Main target' : `Target ${i + 1}`}
                      className={selectClass}
                      {...register(`targets.${i}`)}
                    >
                      <option value="">{i === 0 ? 'Choose…' : 'None'}</option>
                      {COMPREHENSIVE_METRICS.map((m) => (
                        <option key={m} value={m}>
                          {METRIC_LABELS[m]}
                        </option>
                      ))}
                    </select>
                  ))}
                </div>
                {err('targets') ? (
                  <FieldError id="product-targets-error">{err('targets')}</FieldError>
                ) : null}
              </div>
              <fieldset className="grid gap-1 sm:grid-cols-2">
                <legend className="mb-1 text-sm font-medium">Ingredient flags</legend>
                {FLAGS.map((f) => (
                  <label key={f.key} className="flex min-h-9 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      {...register(`flags.${f.key}`)}
                    />
                    {f.label}
                  </label>
                ))}
              </fieldset>
              {err('flags') ? (
                <FieldError id="product-flags-error">{err('flags')}</FieldError>
              ) : null}
            </>
          ) : (
            <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
              <dt className="text-muted-foreground">Formulation category</dt>
              <dd>{product?.formulation_category ?? 'not set'}</dd>
              <dt className="text-muted-foreground">Targets</dt>
              <dd>{product?.targets?.map((t) => METRIC_LABELS[t]).join(', ') || 'not set'}</dd>
              <dt className="text-muted-foreground">Ingredient flags</dt>
              <dd>
                {FLAGS.filter((f) => product?.formulation_flags?.[f.key])
                  .map((f) => f.label)
                  .join('; ') || 'none'}
              </dd>
            </dl>
          )}
        </Section>
      ) : null}

      <Section
        title="Price and visibility"
        note={isAdmin ? undefined : 'Prices, visibility and featuring are changed by an admin.'}
      >
        {isAdmin ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="product-price" label="Price (£)" error={err('price')}>
              <Input
                id="product-price"
                inputMode="decimal"
                placeholder="e.g. 24.00"
                {...fieldAria('product-price', err('price'))}
                {...register('price')}
              />
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {Number.isNaN(poundsToPence(price))
                  ? 'Pounds and pence, e.g. 24.50'
                  : `Shown in the shop as ${formatPounds(poundsToPence(price))}`}
              </p>
            </Field>
            <div className="grid content-start gap-2 text-sm">
              <label className="flex min-h-9 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  {...register('featured')}
                />
                Featured in the shop
              </label>
              <label className="flex min-h-9 items-center gap-2">
                <input type="checkbox" className="size-4 accent-primary" {...register('hidden')} />
                Hidden (out of the shop, search and routines)
              </label>
            </div>
          </div>
        ) : (
          <p className="text-sm">
            {product ? formatPounds(product.price_pence) : ''}
            {product?.featured ? ' · featured' : ''}
            {product?.hidden ? ' · hidden' : ''}
          </p>
        )}
      </Section>

      <Section
        title="Image"
        note="PNG, JPEG or WebP; the server re-encodes it (SVG is not accepted)."
      >
        <div className="flex flex-wrap items-center gap-4">
          {product?.image ? (
            <img
              src={product.image}
              alt={`Current image of ${product.name}`}
              width={64}
              height={64}
              className="size-16 rounded-lg border object-contain"
              style={{ backgroundColor: product.color }}
            />
          ) : null}
          <label className="min-w-0 max-w-full text-sm">
            <span className="mb-1 block font-medium">
              {product?.image ? 'Replace the image' : 'Image'}
            </span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="w-full max-w-full text-sm"
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
            />
          </label>
        </div>
      </Section>

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
