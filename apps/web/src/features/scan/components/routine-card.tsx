import type { Analysis } from '@lumiskin/contract/analysis-api';
import type { RoutineStep } from '@lumiskin/contract/analysis';
import { FlaskConicalIcon, MoonIcon, SunriseIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export function RoutineCard({ analysis }: { analysis: Analysis }) {
  const { recommendations: rec, routine } = analysis;
  return (
    <section
      aria-labelledby="routine-title"
      className="rounded-2xl border bg-card p-5 shadow-soft wrap-anywhere"
    >
      <h2 id="routine-title" className="flex items-center gap-2 text-h3 font-semibold">
        <FlaskConicalIcon className="size-5 text-primary-text" aria-hidden /> Your routine
      </h2>
      <div
        className={cn(
          'mt-4 grid gap-3',
          rec.boosters.length > 0 ? 'sm:grid-cols-3' : 'sm:grid-cols-1',
        )}
      >
        <div className="rounded-xl border border-brand/30 bg-primary-soft/60 p-4 sm:col-span-1">
          <p className="text-xs font-semibold tracking-wide text-primary-text uppercase">Base</p>
          <p className="mt-1 font-semibold">{rec.base.name}</p>
          <p className="mt-1 text-sm text-muted-foreground">{rec.base.reason}</p>
        </div>
        {rec.boosters.map((booster) => (
          <div key={booster.id} className="rounded-xl border bg-accent-soft/50 p-4">
            <p className="flex items-center justify-between text-xs font-semibold tracking-wide text-accent-soft-foreground uppercase">
              Booster <Badge variant="outline">{booster.time_of_use}</Badge>
            </p>
            <p className="mt-1 font-semibold">{booster.name}</p>
            <p className="mt-1 text-sm text-muted-foreground">{booster.reason}</p>
          </div>
        ))}
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Steps
          title="Morning"
          icon={<SunriseIcon className="size-4" aria-hidden />}
          steps={routine.morning}
        />
        <Steps
          title="Evening"
          icon={<MoonIcon className="size-4" aria-hidden />}
          steps={routine.evening}
        />
      </div>
      {rec.notes.length > 0 ? (
        <ul className="mt-5 space-y-1 text-sm text-muted-foreground">
          {rec.notes.map((note) => (
            <li key={note}>· {note}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Steps({
  title,
  icon,
  steps,
}: {
  title: string;
  icon: React.ReactNode;
  steps: RoutineStep[];
}) {
  return (
    <div>
      <h3 className="flex items-center gap-2 font-semibold">
        {icon} {title}
      </h3>
      <ol className="mt-3 space-y-3">
        {steps.map((step) => (
          <li key={`${step.step}-${step.name}`} className="flex gap-3">
            <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold">
              {step.step}
            </span>
            <div>
              <p className="text-sm font-semibold">
                {step.name}{' '}
                <span className="font-normal text-muted-foreground capitalize">· {step.kind}</span>
              </p>
              <p className="text-sm">{step.instruction}</p>
              <p className="mt-0.5 text-xs text-muted-foreground">Why: {step.reason}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
