import type { Analysis } from '@lumiskin/contract/analysis-api';
import { CloudSunIcon, DropletIcon, LeafIcon, SunIcon, ThermometerIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const UV_TEXT = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
  very_high: 'Very high',
  extreme: 'Extreme',
} as const;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function EnvironmentCard({ analysis }: { analysis: Analysis }) {
  const env = analysis.environment;
  return (
    <section aria-labelledby="env-title" className="rounded-2xl border bg-card p-5 shadow-soft">
      <h2 id="env-title" className="flex items-center gap-2 text-h3 font-semibold">
        <CloudSunIcon className="size-5 text-primary-text" aria-hidden /> Your environment
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {analysis.location} at the time of the scan
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <Item icon={<SunIcon aria-hidden />} label="UV index">
          {env.uv_index === null
            ? 'Unknown'
            : `${env.uv_index.toFixed(1)} · ${env.uv_level ? UV_TEXT[env.uv_level] : ''}`}
          {/* The day's peak, which the sunscreen is chosen for (an evening scan reads 0). */}
          {env.uv_index_max != null && env.uv_index !== null && env.uv_index_max > env.uv_index ? (
            <span className="block text-xs font-normal text-muted-foreground">
              Up to {env.uv_index_max.toFixed(1)} at midday
            </span>
          ) : null}
        </Item>
        <Item icon={<LeafIcon aria-hidden />} label="Season">
          {env.season
            ? `${cap(env.season)}${env.hemisphere ? ` · ${env.hemisphere}` : ''}`
            : 'Unknown'}
        </Item>
        <Item icon={<DropletIcon aria-hidden />} label="Humidity">
          {env.humidity === null ? 'Not measured' : `${env.humidity}%`}
        </Item>
        <Item icon={<ThermometerIcon aria-hidden />} label="Temperature">
          {env.temperature_c === null ? 'Not measured' : `${env.temperature_c} °C`}
        </Item>
      </dl>
      <p className="mt-4 rounded-xl bg-accent-soft px-3 py-2 text-sm text-accent-soft-foreground">
        Recommended sunscreen: SPF {analysis.recommendations.spf}
        {env.weather_source === 'unknown' ? ' (UV estimated for clear skies)' : ''}
      </p>
    </section>
  );
}

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-muted/60 p-3">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground [&_svg]:size-3.5">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-sm font-semibold">{children}</dd>
    </div>
  );
}
