import type { AdminProduct } from '@lumiskin/contract/admin';
import { COMPREHENSIVE_METRICS, METRIC_LABELS } from '@lumiskin/contract/analysis';
import { SUITABLE_CONCERNS, SUITABLE_SKIN_STATES } from '@lumiskin/contract/formulations';
import { formatPounds } from '@lumiskin/contract/mix';
import { PRODUCT_TYPES } from '@lumiskin/contract/shop';
import type { ReactNode } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { Card } from '@/components/ui/card';
import { Field, FieldError, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  FLAGS,
  poundsToPence,
  TARGET_SLOTS,
  type ProductFormValues,
} from '@/features/admin/components/product-form-values';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';

/** The product form's sections: the product, its copy, the recommender's facts, price, image. */

/** What every section reads from the form: its inputs and the message shown beside each. */
export interface FormParts {
  register: UseFormRegister<ProductFormValues>;
  err: (name: keyof ProductFormValues) => string | undefined;
}

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

function TextField({
  form: { register, err },
  name,
  label,
  placeholder,
  disabled,
  hint,
}: {
  form: FormParts;
  name: 'id' | 'name' | 'category' | 'size' | 'formulation_category';
  label: string;
  placeholder?: string;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <Field id={`product-${name}`} label={label} error={err(name)}>
      <Input
        id={`product-${name}`}
        placeholder={placeholder}
        disabled={disabled}
        {...fieldAria(`product-${name}`, err(name))}
        {...register(name)}
      />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Field>
  );
}

function AreaField({
  form: { register, err },
  name,
  label,
  hint,
}: {
  form: FormParts;
  name: 'short_description' | 'description' | 'how_to_use' | 'key_ingredients';
  label: string;
  hint?: string;
}) {
  return (
    <Field id={`product-${name}`} label={label} error={err(name)}>
      <Textarea
        id={`product-${name}`}
        {...fieldAria(`product-${name}`, err(name))}
        {...register(name)}
      />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Field>
  );
}

export function ProductSection({
  form,
  product,
}: {
  form: FormParts;
  /** null: a new product. */
  product: AdminProduct | null;
}) {
  const { register, err } = form;
  const isNew = product === null;
  return (
    <Section title="The product">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="name" label="Name" />
        {isNew ? (
          <TextField
            form={form}
            name="id"
            label="Id (in the address)"
            placeholder="e.g. cica-calm-drops"
            hint="Lower-case letters, digits and hyphens; it cannot change later."
          />
        ) : (
          <div className="grid gap-2 text-sm">
            <span className="font-medium">Id</span>
            <code className="rounded-lg bg-muted px-3 py-2.5">{product.id}</code>
          </div>
        )}
        <Field id="product-type" label="Type" error={err('type')}>
          <NativeSelect
            id="product-type"
            className="w-full"
            disabled={!isNew}
            {...register('type')}
          >
            {PRODUCT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <TextField form={form} name="category" label="Shop category" placeholder="e.g. Boosters" />
        <TextField form={form} name="size" label="Size" placeholder="e.g. 15 ml" />
        <Field id="product-time_of_use" label="Time of use" error={err('time_of_use')}>
          <NativeSelect
            id="product-time_of_use"
            className="w-full"
            {...fieldAria('product-time_of_use', err('time_of_use'))}
            {...register('time_of_use')}
          >
            <option value="">Not set</option>
            <option value="AM">Morning (AM)</option>
            <option value="PM">Evening (PM)</option>
            <option value="AM/PM">Morning and evening</option>
          </NativeSelect>
        </Field>
      </div>
    </Section>
  );
}

/** A base names the skin it is for, a booster the concerns it answers: two lists, told apart. */
const SUITABLE_GROUPS = [
  { title: 'Skin types — what a base is for', values: SUITABLE_SKIN_STATES },
  { title: 'Concerns — what a booster answers', values: SUITABLE_CONCERNS },
] as const;

export function CopySection({ form, formulation }: { form: FormParts; formulation: boolean }) {
  const { register, err } = form;
  return (
    <Section title="Copy" note="What the shop and the product page show.">
      <AreaField
        form={form}
        name="short_description"
        label="Short description"
        hint="One line on the shop card."
      />
      <AreaField form={form} name="description" label="Description" />
      <AreaField form={form} name="how_to_use" label="How to use" />
      <AreaField form={form} name="key_ingredients" label="Key ingredients" hint="One per line." />
      {formulation ? (
        <fieldset
          className="grid gap-2"
          aria-describedby={err('suitable_for') ? 'product-suitable-error' : undefined}
        >
          <legend className="text-sm font-medium">Suitable for</legend>
          {SUITABLE_GROUPS.map((group) => (
            <fieldset key={group.title} className="grid gap-1">
              <legend className="text-xs text-muted-foreground">{group.title}</legend>
              <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
                {group.values.map((s) => (
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
            </fieldset>
          ))}
          {err('suitable_for') ? (
            <FieldError id="product-suitable-error">{err('suitable_for')}</FieldError>
          ) : null}
        </fieldset>
      ) : (
        <Field id="product-suitable_for_text" label="Suitable for" error={err('suitable_for_text')}>
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
  );
}

export function RecommenderSection({
  form,
  product,
  isAdmin,
}: {
  form: FormParts;
  product: AdminProduct | null;
  isAdmin: boolean;
}) {
  const { register, err } = form;
  return (
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
          <TextField
            form={form}
            name="formulation_category"
            label="Formulation category"
            placeholder="e.g. sensitivity/redness"
          />
          <div className="grid gap-2">
            <span className="text-sm font-medium">Targets (main first)</span>
            <div className="grid gap-2 sm:grid-cols-5">
              {Array.from({ length: TARGET_SLOTS }, (_, i) => (
                <NativeSelect
                  key={i}
                  aria-label={i === 0 ? 'Main target' : `Target ${i + 1}`}
                  className="w-full"
                  {...register(`targets.${i}`)}
                >
                  <option value="">{i === 0 ? 'Choose…' : 'None'}</option>
                  {COMPREHENSIVE_METRICS.map((m) => (
                    <option key={m} value={m}>
                      {METRIC_LABELS[m]}
                    </option>
                  ))}
                </NativeSelect>
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
          {err('flags') ? <FieldError id="product-flags-error">{err('flags')}</FieldError> : null}
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
  );
}

export function PriceSection({
  form,
  product,
  isAdmin,
  price,
}: {
  form: FormParts;
  product: AdminProduct | null;
  isAdmin: boolean;
  /** The price as typed, for the preview beside it. */
  price: string;
}) {
  const { register, err } = form;
  return (
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
              <input type="checkbox" className="size-4 accent-primary" {...register('featured')} />
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
  );
}

export function ImageSection({
  product,
  onImage,
}: {
  product: AdminProduct | null;
  onImage: (image: File | null) => void;
}) {
  return (
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
            className="w-full max-w-full text-sm text-muted-foreground file:mr-3 file:inline-flex file:h-9 file:cursor-pointer file:rounded-full file:border file:border-input file:bg-card file:px-4 file:text-sm file:font-medium file:text-foreground hover:file:bg-muted"
            onChange={(e) => onImage(e.target.files?.[0] ?? null)}
          />
        </label>
      </div>
    </Section>
  );
}
