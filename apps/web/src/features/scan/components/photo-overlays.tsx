import type { Analysis } from '@lumiskin/contract/analysis-api';
import {
  EXCLUSION_LABELS,
  type Mark,
  type MetricKey,
  type Overlays,
} from '@lumiskin/contract/analysis';
import { ToggleGroup } from 'radix-ui';
import { useId } from 'react';
import { cn } from '@/lib/utils';

/** What can be drawn over the scan photo, in the order the toggles show them. */
const OVERLAY_LAYERS = ['blemishes', 'dark_spots', 'blackheads', 'lines', 'excluded'] as const;
export type OverlayLayer = (typeof OVERLAY_LAYERS)[number];
type MarkLayer = 'blemishes' | 'dark_spots' | 'blackheads';

/**
 * Finding markers start hidden (a face full of circles is alarming at first sight, docs/design.md#voice);
 * the areas left out are shown, since they explain why a zone has no or a partial score.
 */
export const DEFAULT_OVERLAYS: OverlayLayer[] = ['excluded'];

/**
 * Each layer has its own colour and shape (never colour alone). The colours sit on the photo, not
 * on the page, so they are the same in both themes; a dark halo keeps them visible on any skin.
 */
const LAYER_STYLE: Record<OverlayLayer, { label: string; color: string; metric?: MetricKey }> = {
  blemishes: { label: 'Blemishes', color: '#f472b6', metric: 'acne' },
  dark_spots: { label: 'Dark spots', color: '#38bdf8', metric: 'dark_spots' },
  blackheads: { label: 'Blackheads', color: '#fde047', metric: 'blackheads' },
  lines: { label: 'Fine lines', color: '#c4b5fd', metric: 'fine_lines' },
  excluded: { label: 'Not measured', color: '#e5e7eb' },
};
const HALO = 'rgb(0 0 0 / 0.5)';

function overlayCount(overlays: Overlays, layer: OverlayLayer): number {
  return layer === 'excluded'
    ? overlays.excluded.reduce((n, area) => n + area.polygons.length, 0)
    : overlays[layer].length;
}

/**
 * The toggles worth showing: a finding layer when something was found or its measure was scored
 * (then "0" says none were found), the left-out areas only when there are some.
 */
export function overlayLayers(analysis: Analysis): OverlayLayer[] {
  const overlays = analysis.overlays;
  if (!overlays) return [];
  return OVERLAY_LAYERS.filter((layer) => {
    if (overlayCount(overlays, layer) > 0) return true;
    const metric = LAYER_STYLE[layer].metric;
    return metric !== undefined && analysis.scores[metric] !== undefined;
  });
}

const points = (polyline: Array<[number, number]>) =>
  polyline.map(([x, y]) => `${x},${y}`).join(' ');

/** Strokes keep their screen width however large the photo is. */
const stroke = { vectorEffect: 'non-scaling-stroke', fill: 'none' } as const;

/** One counted spot: a dot for a blackhead, otherwise a ring over a dark halo (dashed for a spot). */
function MarkShape({ layer, x, y, r }: { layer: MarkLayer; x: number; y: number; r: number }) {
  const { color } = LAYER_STYLE[layer];
  if (layer === 'blackheads') {
    return (
      <circle
        cx={x}
        cy={y}
        r={r}
        fill={color}
        stroke={HALO}
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    );
  }
  return (
    <>
      <circle cx={x} cy={y} r={r} {...stroke} stroke={HALO} strokeWidth={3.5} />
      <circle
        cx={x}
        cy={y}
        r={r}
        {...stroke}
        stroke={color}
        strokeWidth={2}
        strokeDasharray={layer === 'dark_spots' ? '3 2' : undefined}
      />
    </>
  );
}

function Marks({
  layer,
  marks,
  minRadius,
}: {
  layer: MarkLayer;
  marks: Mark[];
  minRadius: number;
}) {
  return (
    <g data-testid={`overlay-${layer}`} className="motion-safe:animate-fade-in">
      {marks.map(([x, y, r], i) => (
        <MarkShape
          key={i}
          layer={layer}
          x={x}
          y={y}
          // A ring a little wider than the spot, so the spot itself stays visible inside it.
          r={layer === 'blackheads' ? minRadius / 2 : Math.max(r * 1.6, minRadius)}
        />
      ))}
    </g>
  );
}

/** The layers drawn inside the photo's SVG (its viewBox is the photo's pixel size). */
export function OverlayShapes({
  overlays,
  visible,
  width,
}: {
  overlays: Overlays;
  visible: OverlayLayer[];
  width: number;
}) {
  const hatchId = useId();
  const shows = (layer: OverlayLayer) => visible.includes(layer);
  const minRadius = Math.max(3, width / 60);
  const hatch = Math.max(4, width / 60);
  return (
    <>
      {shows('excluded') && overlays.excluded.length > 0 ? (
        <g data-testid="overlay-excluded" className="motion-safe:animate-fade-in">
          <defs>
            <pattern
              id={hatchId}
              patternUnits="userSpaceOnUse"
              width={hatch}
              height={hatch}
              patternTransform="rotate(45)"
            >
              <rect width={hatch} height={hatch} fill="rgb(31 41 55 / 0.45)" />
              <line
                x1={hatch / 2}
                y1={0}
                x2={hatch / 2}
                y2={hatch}
                stroke="rgb(255 255 255 / 0.7)"
                strokeWidth={hatch / 3}
              />
            </pattern>
          </defs>
          {overlays.excluded.flatMap(({ reason, polygons }) =>
            polygons.map((polygon, i) => (
              <polygon
                key={`${reason}-${i}`}
                points={points(polygon)}
                fill={`url(#${hatchId})`}
                stroke={LAYER_STYLE.excluded.color}
                strokeWidth={1.5}
                strokeDasharray="4 3"
                vectorEffect="non-scaling-stroke"
                strokeLinejoin="round"
              />
            )),
          )}
        </g>
      ) : null}
      {shows('lines') ? (
        <g data-testid="overlay-lines" className="motion-safe:animate-fade-in">
          {overlays.lines.map((line, i) => (
            <g key={i} strokeLinecap="round" strokeLinejoin="round">
              <polyline points={points(line)} {...stroke} stroke={HALO} strokeWidth={4} />
              <polyline
                points={points(line)}
                {...stroke}
                stroke={LAYER_STYLE.lines.color}
                strokeWidth={2}
              />
            </g>
          ))}
        </g>
      ) : null}
      {(['dark_spots', 'blemishes', 'blackheads'] as const).map((layer) =>
        shows(layer) ? (
          <Marks key={layer} layer={layer} marks={overlays[layer]} minRadius={minRadius} />
        ) : null,
      )}
    </>
  );
}

/** A small picture of how a layer is drawn: the legend inside each toggle. */
function Swatch({ layer }: { layer: OverlayLayer }) {
  const { color } = LAYER_STYLE[layer];
  return (
    <svg viewBox="0 0 16 16" className="size-4 shrink-0" aria-hidden>
      {layer === 'excluded' ? (
        <>
          <rect x={1.5} y={1.5} width={13} height={13} rx={2} fill="#6b7280" />
          <path d="M1.5 9.5l8-8M1.5 14.5l13-13M6.5 14.5l8-8" stroke="#f3f4f6" strokeWidth={1.6} />
        </>
      ) : layer === 'lines' ? (
        <path
          d="M2 11c3-4 5 1 8-3s4-2 4-2"
          fill="none"
          stroke={color}
          strokeWidth={2.4}
          strokeLinecap="round"
          style={{ filter: 'drop-shadow(0 0 0.6px rgb(0 0 0 / 0.8))' }}
        />
      ) : (
        <MarkShape layer={layer} x={8} y={8} r={layer === 'blackheads' ? 3.5 : 5.5} />
      )}
    </svg>
  );
}

/** One toggle per layer, with its count; they double as the legend of what is drawn. */
export function OverlayToggles({
  overlays,
  layers,
  value,
  onChange,
}: {
  overlays: Overlays;
  layers: OverlayLayer[];
  value: OverlayLayer[];
  onChange: (value: OverlayLayer[]) => void;
}) {
  const labelId = useId();
  const reasons = [...new Set(overlays.excluded.map((area) => EXCLUSION_LABELS[area.reason]))];
  return (
    <div>
      <p
        id={labelId}
        className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Show on photo
      </p>
      <ToggleGroup.Root
        type="multiple"
        aria-labelledby={labelId}
        value={value}
        onValueChange={(next) => onChange(next as OverlayLayer[])}
        className="mt-2 flex flex-wrap gap-2"
      >
        {layers.map((layer) => {
          const count = overlayCount(overlays, layer);
          return (
            <ToggleGroup.Item
              key={layer}
              value={layer}
              disabled={count === 0}
              className={cn(
                'inline-flex h-11 items-center gap-2 rounded-full border border-input bg-card px-3.5 text-sm font-medium transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                'hover:border-brand/60 hover:bg-primary-soft disabled:cursor-not-allowed disabled:opacity-55 disabled:hover:border-input disabled:hover:bg-card',
                'data-[state=on]:border-brand data-[state=on]:bg-primary-soft data-[state=on]:text-primary-soft-foreground',
              )}
            >
              <Swatch layer={layer} />
              {LAYER_STYLE[layer].label}{' '}
              <span className="text-muted-foreground tabular-nums">{count}</span>
            </ToggleGroup.Item>
          );
        })}
      </ToggleGroup.Root>
      {value.includes('excluded') && reasons.length > 0 ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Hatched areas were left out of the scores: {reasons.join(', ').toLowerCase()}.
        </p>
      ) : null}
    </div>
  );
}
