import {
  AddressInput,
  type DeliveryAddress,
  type DeliveryAddressInput,
} from '@lumiskin/contract/orders';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export type AddressDraft = Required<Omit<DeliveryAddressInput, 'country'>>;

export const EMPTY_ADDRESS: AddressDraft = {
  full_name: '',
  line1: '',
  line2: '',
  city: '',
  county: '',
  postcode: '',
  phone: '',
};

export function draftOf(address: DeliveryAddress | null): AddressDraft {
  if (!address) return EMPTY_ADDRESS;
  const { country: _country, ...fields } = address;
  return fields;
}

export type AddressErrors = Partial<Record<keyof AddressDraft, string>>;

/**
 * The same check the server makes (the contract's schema): the normalised address, or the first
 * problem of each field.
 */
export function checkAddress(
  draft: AddressDraft,
): { ok: true; address: DeliveryAddress } | { ok: false; errors: AddressErrors } {
  const result = AddressInput.safeParse(draft);
  if (result.success) return { ok: true, address: result.data };
  const errors: AddressErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof AddressDraft;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

const FIELDS: {
  key: keyof AddressDraft;
  label: string;
  autoComplete: string;
  maxLength: number;
  optional?: boolean;
  wide?: boolean;
  inputMode?: 'tel';
}[] = [
  { key: 'full_name', label: 'Full name', autoComplete: 'name', maxLength: 100, wide: true },
  {
    key: 'line1',
    label: 'Address line 1',
    autoComplete: 'address-line1',
    maxLength: 100,
    wide: true,
  },
  {
    key: 'line2',
    label: 'Address line 2 (optional)',
    autoComplete: 'address-line2',
    maxLength: 100,
    optional: true,
    wide: true,
  },
  { key: 'city', label: 'Town or city', autoComplete: 'address-level2', maxLength: 60 },
  {
    key: 'county',
    label: 'County (optional)',
    autoComplete: 'address-level1',
    maxLength: 60,
    optional: true,
  },
  { key: 'postcode', label: 'Postcode', autoComplete: 'postal-code', maxLength: 10 },
  {
    key: 'phone',
    label: 'Phone for the courier (optional)',
    autoComplete: 'tel',
    maxLength: 20,
    optional: true,
    inputMode: 'tel',
  },
];

/** A UK delivery address, field by field, with each field's error under it. */
export function AddressFields({
  value,
  errors,
  onChange,
}: {
  value: AddressDraft;
  errors: AddressErrors;
  onChange: (next: AddressDraft) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((field) => {
        const id = `address-${field.key}`;
        const error = errors[field.key];
        return (
          <Field
            key={field.key}
            id={id}
            label={field.label}
            error={error}
            className={field.wide ? 'sm:col-span-2' : undefined}
          >
            <Input
              id={id}
              name={field.key}
              autoComplete={`shipping ${field.autoComplete}`}
              maxLength={field.maxLength}
              required={!field.optional}
              inputMode={field.inputMode}
              value={value[field.key]}
              onChange={(event) => onChange({ ...value, [field.key]: event.target.value })}
              {...fieldAria(id, error)}
            />
          </Field>
        );
      })}
      <p className="text-sm text-muted-foreground sm:col-span-2">
        We deliver within the United Kingdom.
      </p>
    </div>
  );
}
