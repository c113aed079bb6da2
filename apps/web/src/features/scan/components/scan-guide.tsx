import { ChevronDownIcon, DropletsIcon, ScanFaceIcon, SparklesIcon, SunIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The scan guide's four steps (docs/product-rules.md#scan), with times that are true: getting ready takes a minute or two, the
 * analysis itself about a second (the spec's "2-3 minutes" read as the scan's length).
 */
export const GUIDE_STEPS = [
  {
    title: 'Cleanse your face',
    time: 'About a minute',
    text: 'Wash with a gentle cleanser, remove make-up and pat dry. Wait a moment for any redness from washing to settle.',
    icon: DropletsIcon,
  },
  {
    title: 'Find soft, even light',
    time: '30 seconds',
    text: 'Face a window or a soft lamp. Avoid strong light from behind or from one side, and turn off the flash.',
    icon: SunIcon,
  },
  {
    title: 'Position your face',
    time: '10 seconds',
    text: 'Hold the camera 12–18 inches (30–45 cm) away so your face fills 60–80% of the frame. Tie back hair, take off glasses, look straight ahead.',
    icon: ScanFaceIcon,
  },
  {
    title: 'Take the photo',
    time: 'Results in about a second',
    text: 'Keep a relaxed, neutral expression and hold still. In Multi-Angle mode you will also turn 45° each way.',
    icon: SparklesIcon,
  },
] as const;

export function ScanGuide({
  open,
  step,
  onToggle,
  onNext,
  onSkip,
}: {
  open: boolean;
  step: number;
  onToggle: () => void;
  onNext: () => void;
  onSkip: () => void;
}) {
  const current = GUIDE_STEPS[step] ?? GUIDE_STEPS[0];
  const isLast = step >= GUIDE_STEPS.length - 1;
  return (
    <section aria-labelledby="guide-title" className="rounded-2xl border bg-card shadow-soft">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls="guide-body"
        className="flex min-h-14 w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span>
          <span id="guide-title" className="block text-h3 font-semibold">
            Photo tips: a four-step guide
          </span>
          <span className="text-sm text-muted-foreground">
            Four short steps for the most accurate reading
          </span>
        </span>
        <ChevronDownIcon
          className={cn('size-5 shrink-0 transition-transform duration-200', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      {open ? (
        <div id="guide-body" className="border-t px-5 pt-4 pb-5">
          <ol className="flex gap-2" aria-label="Guide progress">
            {GUIDE_STEPS.map((s, i) => (
              <li
                key={s.title}
                aria-current={i === step ? 'step' : undefined}
                className={cn(
                  'h-1.5 flex-1 rounded-full transition-colors duration-200',
                  i <= step ? 'bg-brand' : 'bg-muted',
                )}
              >
                <span className="sr-only">
                  Step {i + 1}: {s.title}
                </span>
              </li>
            ))}
          </ol>
          <div className="mt-4 flex gap-4" aria-live="polite">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-text">
              <current.icon className="size-6" aria-hidden />
            </span>
            <div>
              <p className="text-xs font-semibold tracking-wide text-primary-text uppercase">
                Step {step + 1} of {GUIDE_STEPS.length} · {current.time}
              </p>
              <h3 className="mt-1 font-semibold">{current.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{current.text}</p>
            </div>
          </div>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={onSkip}>
              Skip Guide
            </Button>
            <Button onClick={onNext}>{isLast ? 'Start Analysis' : 'Next Step'}</Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
