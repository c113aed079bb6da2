import {
  COMPREHENSIVE_METRICS,
  QUICK_METRICS,
  SCAN_CONCERNS,
  type AnalysisType,
  type ScanConcern,
} from '@lumiskin/contract/analysis';
import { CheckIcon, ClockIcon, LayersIcon, ZapIcon } from 'lucide-react';
import { radioKeys } from '@/lib/radio-keys';
import { cn } from '@/lib/utils';

/**
 * What is true of each type: the engine reports the contract's QUICK_METRICS or
 * COMPREHENSIVE_METRICS (the counts shown are their lengths) and answers in about a second either
 * way; the spec's "2-3 minutes" and "5-7 minutes" were never true (docs/decisions/022).
 */
const ANALYSIS_TYPES_COPY: Array<{
  value: AnalysisType;
  title: string;
  time: string;
  detail: string;
  icon: typeof ZapIcon;
}> = [
  {
    value: 'quick',
    title: 'Quick',
    time: 'Results in about a second',
    detail: `${QUICK_METRICS.length} measures`,
    icon: ZapIcon,
  },
  {
    value: 'comprehensive',
    title: 'Comprehensive',
    time: 'Results in about a second',
    detail: `${COMPREHENSIVE_METRICS.length} measures`,
    icon: LayersIcon,
  },
];

export const CONCERN_LABELS: Record<ScanConcern, string> = {
  acne: 'Acne',
  oiliness: 'Oiliness',
  dryness: 'Dryness',
  sensitivity: 'Sensitivity',
  aging: 'Aging',
  hyperpigmentation: 'Hyperpigmentation',
  redness: 'Redness',
  texture: 'Texture',
};

export function AnalysisTypePicker({
  value,
  onChange,
  disabled,
}: {
  value: AnalysisType;
  onChange: (value: AnalysisType) => void;
  disabled?: boolean;
}) {
  const keys = radioKeys(
    ANALYSIS_TYPES_COPY.map((copy) => copy.value),
    value,
    onChange,
  );
  return (
    <fieldset disabled={disabled}>
      <legend className="text-h3 font-semibold">2. Choose analysis type</legend>
      <div role="radiogroup" aria-label="Analysis type" className="mt-3 grid gap-3 sm:grid-cols-2">
        {ANALYSIS_TYPES_COPY.map(({ value: type, title, time, detail, icon: Icon }) => {
          const selected = value === type;
          return (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={selected}
              {...keys(type)}
              onClick={() => onChange(type)}
              className={cn(
                'flex min-h-11 items-start gap-3 rounded-2xl border bg-card p-4 text-left transition-[border-color,box-shadow,background-color] duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                selected
                  ? 'border-brand bg-primary-soft/60 shadow-[0_0_0_3px_rgb(139_92_246/0.18)]'
                  : 'hover:border-brand/50',
              )}
            >
              <span
                className={cn(
                  'inline-flex size-10 shrink-0 items-center justify-center rounded-xl',
                  selected ? 'bg-primary text-primary-foreground' : 'bg-muted text-primary-text',
                )}
              >
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="flex-1">
                <span className="flex items-center justify-between gap-2 font-semibold">
                  {title}
                  {selected ? <CheckIcon className="size-4 text-primary-text" aria-hidden /> : null}
                </span>
                <span className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
                  <ClockIcon className="size-3.5" aria-hidden /> {time} · {detail}
                </span>
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

export function ConcernChips({
  value,
  onToggle,
  disabled,
}: {
  value: ScanConcern[];
  onToggle: (concern: ScanConcern) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-h3 font-semibold">3. Your skin concerns</legend>
      <p className="mt-1 text-sm text-muted-foreground">
        Pick any that matter to you: your routine will lean towards them.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {SCAN_CONCERNS.map((concern) => {
          const selected = value.includes(concern);
          return (
            <button
              key={concern}
              type="button"
              aria-pressed={selected}
              onClick={() => onToggle(concern)}
              className={cn(
                'inline-flex h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                selected
                  ? 'border-brand bg-primary text-primary-foreground'
                  : 'border-input bg-card hover:border-brand/60 hover:bg-primary-soft',
              )}
            >
              {selected ? <CheckIcon className="size-3.5" aria-hidden /> : null}
              {CONCERN_LABELS[concern]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
