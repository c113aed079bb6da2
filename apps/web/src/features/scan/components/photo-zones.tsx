import type { Analysis } from '@lumiskin/contract/analysis-api';
import { REGION_LABELS, type RegionKey } from '@lumiskin/contract/analysis';
import { DeviceScanMessages } from '@lumiskin/contract/device-scan';
import { ImageOffIcon, InfoIcon, SmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePhotoUrl } from '@/features/scan/api/get-photo';
import { devicePhoto } from '@/features/scan/lib/device-photos';
import {
  DEFAULT_OVERLAYS,
  OverlayShapes,
  OverlayToggles,
  overlayLayers,
  type OverlayLayer,
} from '@/features/scan/components/photo-overlays';
import { BAND_COLOR, BAND_LABEL, scoreBand } from '@/components/score/score-bands';
import { cn } from '@/lib/utils';

/** A zone's own score: the mean of what each measure scored there. */
export function regionScores(analysis: Analysis): Partial<Record<RegionKey, number>> {
  const sums: Partial<Record<RegionKey, { total: number; n: number }>> = {};
  for (const perRegion of Object.values(analysis.region_scores)) {
    for (const [region, score] of Object.entries(perRegion ?? {}) as Array<[RegionKey, number]>) {
      const s = (sums[region] ??= { total: 0, n: 0 });
      s.total += score;
      s.n += 1;
    }
  }
  const out: Partial<Record<RegionKey, number>> = {};
  for (const [region, s] of Object.entries(sums) as Array<
    [RegionKey, { total: number; n: number }]
  >) {
    out[region] = Math.round(s.total / s.n);
  }
  return out;
}

/**
 * The scan photo with each measured zone outlined and tinted by its score (docs/design.md#pictures), and, when
 * the scan kept them, what was counted and the areas left out, each layer shown on demand.
 */
export function PhotoZones({ analysis }: { analysis: Analysis }) {
  // A scan analysed on this device has no photo on the server: this page's memory may hold it.
  const onDevice = analysis.computed_on === 'device';
  const local = onDevice ? devicePhoto(analysis.id) : null;
  const served = usePhotoUrl(onDevice ? null : analysis.photo?.url);
  const photo = local ? { data: local.url, isError: false } : served;
  const [active, setActive] = useState<RegionKey | null>(null);
  const [visible, setVisible] = useState<OverlayLayer[]>(DEFAULT_OVERLAYS);
  const scores = regionScores(analysis);
  const width = local?.width ?? analysis.photo?.width ?? 1;
  const height = local?.height ?? analysis.photo?.height ?? 1;
  const layers = overlayLayers(analysis);
  // Zone tints step back while findings are drawn, so the markers stand out.
  const showsFindings = visible.some((layer) => layer !== 'excluded' && layers.includes(layer));

  return (
    <figure className="space-y-3">
      <div
        className="relative overflow-hidden rounded-2xl bg-muted"
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        {photo.data ? (
          <img
            src={photo.data}
            alt="Your scan photo with the measured skin zones outlined"
            width={width}
            height={height}
            className="absolute inset-0 size-full object-cover"
          />
        ) : photo.isError || !analysis.photo ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
            <ImageOffIcon className="size-6" aria-hidden />{' '}
            {onDevice ? 'The photo stayed on the device' : 'Photo unavailable'}
          </div>
        ) : (
          <Skeleton className="absolute inset-0" />
        )}
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="absolute inset-0 size-full"
          aria-hidden
          preserveAspectRatio="xMidYMid slice"
        >
          {analysis.regions.map(({ region, polygons }) => {
            const score = scores[region];
            const color = score === undefined ? '#a78bfa' : BAND_COLOR[scoreBand(score)];
            const dim = active !== null && active !== region;
            return polygons.map((points, i) => (
              <polygon
                key={`${region}-${i}`}
                points={points.map(([x, y]) => `${x},${y}`).join(' ')}
                fill={color}
                fillOpacity={active === region ? 0.38 : dim || showsFindings ? 0.06 : 0.2}
                stroke={color}
                strokeOpacity={dim ? 0.35 : 0.95}
                strokeWidth={Math.max(1.5, width / 300)}
                strokeLinejoin="round"
                className="transition-[fill-opacity,stroke-opacity] duration-200"
              />
            ));
          })}
          {analysis.overlays ? (
            <OverlayShapes overlays={analysis.overlays} visible={visible} width={width} />
          ) : null}
        </svg>
      </div>
      <figcaption className="space-y-4">
        {onDevice ? (
          <p className="inline-flex items-center gap-1.5 text-sm font-medium">
            <SmartphoneIcon className="size-4" aria-hidden /> {DeviceScanMessages.computedHere}
          </p>
        ) : null}
        <ul className="flex flex-wrap gap-2" aria-label="Zone scores">
          {analysis.regions.map(({ region }) => {
            const score = scores[region];
            const band = score === undefined ? null : scoreBand(score);
            return (
              <li key={region}>
                <button
                  type="button"
                  onMouseEnter={() => setActive(region)}
                  onMouseLeave={() => setActive(null)}
                  onFocus={() => setActive(region)}
                  onBlur={() => setActive(null)}
                  className={cn(
                    'inline-flex min-h-9 items-center gap-2 rounded-full border bg-card px-3 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring',
                    active === region && 'border-brand',
                  )}
                >
                  <span
                    className="size-2.5 rounded-full forced-color-adjust-none"
                    style={{ background: band ? BAND_COLOR[band] : '#a78bfa' }}
                    aria-hidden
                  />
                  {REGION_LABELS[region]}
                  {score !== undefined ? (
                    <span className="text-muted-foreground">
                      {score} · {band ? BAND_LABEL[band] : ''}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
        {analysis.overlays && layers.length > 0 ? (
          <OverlayToggles
            overlays={analysis.overlays}
            layers={layers}
            value={visible}
            onChange={setVisible}
          />
        ) : null}
        {analysis.zone_notes.length > 0 ? (
          <ul
            aria-label="Zones not fully measured"
            className="space-y-1.5 rounded-xl bg-muted/60 p-3 text-sm"
          >
            {analysis.zone_notes.map((note) => (
              <li key={`${note.region}-${note.reason}`} className="flex items-start gap-2">
                <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary-text" aria-hidden />
                {note.message}
              </li>
            ))}
          </ul>
        ) : null}
      </figcaption>
    </figure>
  );
}
