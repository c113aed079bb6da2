import {
  CreateProductBody,
  formulationIssues,
  type AdminProduct,
  type ProductCopyBody,
  type ProductFormulationBody,
} from '@lumiskin/contract/admin';
import type { MetricKey } from '@lumiskin/contract/analysis';
import type { FormulationFlags } from '@lumiskin/contract/formulations';
import type { ProductType } from '@lumiskin/contract/shop';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ProductChange, ProductEdit } from '@/features/admin/api/products';

/**
 * The product form's values and the bodies they become. The
 * form holds text as people type it (pounds, one ingredient per line); the contract's own schema
 * checks the body it becomes, so the messages are the server's (issue 14, decision 032).
 */

export const TARGET_SLOTS = 5;
export const FLAGS: { key: keyof FormulationFlags; label: string }[] = [
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

export const isFormulation = (type: string) => type === 'base' || type === 'booster';

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
export function fieldOf(path: string, type: string): string {
  if (path === 'price_pence') return 'price';
  if (path === 'formulation_flags') return 'flags';
  if (path === 'suitable_for') return isFormulation(type) ? 'suitable_for' : 'suitable_for_text';
  return path;
}

/** The contract's CreateProductBody checks the body; its messages go to the fields people edit. */
export const productResolver: Resolver<ProductFormValues> = (values) => {
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
