import {
  ROUTINE_FREQUENCIES,
  ROUTINE_PRODUCT_TYPE_LABELS,
  ROUTINE_PRODUCT_TYPES,
  type AddRoutineProductInput,
  type ApplicationTime,
  type RoutineFrequency,
  type RoutineProductType,
} from '@lumiskin/contract/routine';
import { PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

const FREQUENCY_LABELS: Record<RoutineFrequency, string> = {
  daily: 'Daily',
  '2x per week': '2x per week',
  '3x per week': '3x per week',
  weekly: 'Weekly',
  'as needed': 'As needed',
};

const EMPTY = {
  name: '',
  type: 'cleanser' as RoutineProductType,
  purpose: '',
  application_time: 'morning' as ApplicationTime,
  frequency: 'daily' as RoutineFrequency,
  notes: '',
};

/**
 * The Add Product dialog (docs/product-rules.md#routine): name, type (Face Oil for oil), purpose, morning or evening,
 * frequency, notes. Add stays disabled until name and purpose hold more than blanks.
 */
export function AddProductDialog({
  defaultTime = 'morning',
  isSaving,
  onAdd,
}: {
  defaultTime?: ApplicationTime;
  isSaving: boolean;
  /** Resolves when stored; the dialog then closes and resets. */
  onAdd: (body: AddRoutineProductInput) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ ...EMPTY, application_time: defaultTime });
  const canSubmit = form.name.trim() !== '' && form.purpose.trim() !== '' && !isSaving;

  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    try {
      await onAdd({
        name: form.name.trim(),
        type: form.type,
        purpose: form.purpose.trim(),
        application_time: form.application_time,
        frequency: form.frequency,
        notes: form.notes.trim(),
      });
      setOpen(false);
      setForm({ ...EMPTY, application_time: defaultTime });
    } catch {
      /* the caller shows the error; the form keeps what was typed */
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <PlusIcon aria-hidden /> Add Product
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a product</DialogTitle>
          <DialogDescription>
            It joins your morning or evening list, and the change is noted in your routine history.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <Field id="product-name" label="Product name">
            <Input
              id="product-name"
              value={form.name}
              maxLength={120}
              placeholder="e.g. Gentle Foaming Cleanser"
              onChange={(e) => set('name', e.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="product-type" label="Type">
              <Select value={form.type} onValueChange={(v) => set('type', v as RoutineProductType)}>
                <SelectTrigger id="product-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ROUTINE_PRODUCT_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {ROUTINE_PRODUCT_TYPE_LABELS[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id="product-frequency" label="How often">
              <Select
                value={form.frequency}
                onValueChange={(v) => set('frequency', v as RoutineFrequency)}
              >
                <SelectTrigger id="product-frequency">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ROUTINE_FREQUENCIES.map((f) => (
                    <SelectItem key={f} value={f}>
                      {FREQUENCY_LABELS[f]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          </div>
          <Field id="product-purpose" label="What it is for">
            <Input
              id="product-purpose"
              value={form.purpose}
              maxLength={300}
              placeholder="e.g. Removes sunscreen without stripping"
              onChange={(e) => set('purpose', e.target.value)}
            />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">When</legend>
            <div className="grid grid-cols-2 gap-2">
              {(['morning', 'evening'] as const).map((time) => (
                <label
                  key={time}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm font-medium has-checked:border-brand has-checked:bg-primary-soft has-checked:text-primary-soft-foreground"
                >
                  <input
                    type="radio"
                    name="application_time"
                    value={time}
                    checked={form.application_time === time}
                    onChange={() => set('application_time', time)}
                    className="accent-[var(--brand)]"
                  />
                  {time === 'morning' ? 'Morning' : 'Evening'}
                </label>
              ))}
            </div>
          </fieldset>
          <Field id="product-notes" label="Notes (optional)">
            <Input
              id="product-notes"
              value={form.notes}
              maxLength={1000}
              onChange={(e) => set('notes', e.target.value)}
            />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={!canSubmit}>
              {isSaving ? 'Adding...' : 'Add to routine'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
