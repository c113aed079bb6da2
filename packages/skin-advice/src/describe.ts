import {
  REGION_WORDS,
  type Finding,
  type MeasuredFinding,
  type MeasuredUnmeasuredMetric,
  type MeasuredZoneNote,
  type MetricKey,
  type RegionKey,
  type ScoreBand,
  type UnmeasuredCause,
  type UnmeasuredMetric,
  type ZoneNote,
} from '@lumiskin/contract/analysis';
import type { QualityCode } from '@lumiskin/contract/scan';

/**
 * The sentences a person reads about what the engine measured: a finding's summary, a zone
 * note's message, why a metric got no score, and why a photo was refused. The engine measures
 * and never words (docs/ARCHITECTURE.md); this is the one place the words are written, held to
 * the report's banned words (report.ts).
 */

/**
 * One plain, kind sentence per metric and band. Cosmetic language only: what the photo shows,
 * never a diagnosis (the report adds "see a dermatologist" where scores warrant it).
 */
const SUMMARIES: Record<MetricKey, Record<ScoreBand, string>> = {
  acne: {
    good: 'Your skin looks clear, with few or no blemishes.',
    fair: 'A few blemishes are visible{where}.',
    poor: 'Several blemishes are visible{where}; a gentle, consistent routine can help calm them.',
  },
  oiliness: {
    good: 'Shine looks well balanced.',
    fair: 'Some shine shows{where}, a sign of extra oil there.',
    poor: 'Noticeable shine shows{where}; oil control can help your skin feel fresher.',
  },
  redness: {
    good: 'Your skin tone looks calm, with little redness.',
    fair: 'Some redness shows{where}.',
    poor: 'Redness is visible{where}; soothing, fragrance-free care can help.',
  },
  texture: {
    good: 'Your skin surface looks smooth.',
    fair: 'The surface looks slightly uneven{where}.',
    poor: 'The surface looks rough or bumpy{where}; gentle exfoliation and moisture can help smooth it.',
  },
  dark_spots: {
    good: 'Few dark spots are visible.',
    fair: 'Some small dark spots show{where}.',
    poor: 'Several dark spots show{where}; daily sunscreen helps stop them getting darker.',
  },
  radiance: {
    good: 'Your skin looks bright and radiant.',
    fair: 'Your skin looks a little dull{where}.',
    poor: 'Your skin looks dull{where}; hydration and antioxidants can bring back some glow.',
  },
  hydration: {
    good: 'Your skin looks well hydrated (estimated from texture and glow).',
    fair: 'Your skin may be a little thirsty (estimated from texture and glow).',
    poor: 'Your skin looks dehydrated (estimated from texture and glow); richer moisture can help.',
  },
  pores: {
    good: 'Pores look small and refined.',
    fair: 'Some pores are visible{where}.',
    poor: 'Pores look enlarged{where}; regular cleansing and oil control can help.',
  },
  fine_lines: {
    good: 'Few fine lines are visible.',
    fair: 'Some fine lines show{where}.',
    poor: 'Fine lines are noticeable{where}; moisture and daily sunscreen help keep them soft.',
  },
  uneven_tone: {
    good: 'Your skin tone looks even.',
    fair: 'Your tone is slightly uneven{where}.',
    poor: 'Your tone looks patchy{where}; brightening care and sunscreen can even it out over time.',
  },
  dark_circles: {
    good: 'The skin under your eyes looks bright.',
    fair: 'Some darkness shows under your eyes.',
    poor: 'Dark circles are noticeable under your eyes; rest and a caffeine eye cream may help.',
  },
  blackheads: {
    good: 'Few blackheads are visible.',
    fair: 'Some blackheads or whiteheads show{where}.',
    poor: 'Many blackheads or whiteheads show{where}; gentle exfoliation with salicylic acid can help.',
  },
  sensitivity: {
    good: 'Your skin shows no signs of irritation (estimated from redness).',
    fair: 'Your skin may be a little reactive (estimated from diffuse redness){where}.',
    poor: 'Your skin looks easily irritated (estimated from diffuse redness){where}; keep your routine gentle.',
  },
  firmness: {
    good: 'Your skin looks firm (estimated from the depth of folds).',
    fair: 'Your skin shows some softening (estimated from the depth of folds){where}.',
    poor: 'Folds look deeper (estimated){where}; moisture, sunscreen and peptides can support firmness.',
  },
};

function where(regions: RegionKey[]): string {
  if (regions.length === 0) return '';
  const words = regions.map((r) => REGION_WORDS[r]);
  return ` on your ${words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`}`;
}

/** A measured finding with its sentence. */
export function describeFinding(f: MeasuredFinding): Finding {
  return { ...f, summary: SUMMARIES[f.metric][f.band].replace('{where}', where(f.regions)) };
}

/** A measured zone note with its sentence. */
export function describeZoneNote(n: MeasuredZoneNote): ZoneNote {
  const name = REGION_WORDS[n.region];
  const pct = Math.round(n.share * 100);
  const message =
    n.reason === 'beard'
      ? `Beard area on the ${name} not measured (${pct}% of the zone).`
      : n.reason === 'hair'
        ? `Hair over the ${name} not measured (${pct}% of the zone).`
        : n.reason === 'glasses'
          ? `Glasses frames over the ${name} not measured (${pct}% of the zone).`
          : pct >= 95
            ? `The ${name} was hidden (by a shadow, hair or something in front of it) and not measured.`
            : `${pct}% of the ${name} was hidden (by a shadow, hair or something in front of it) and not measured.`;
  return { ...n, message };
}

/** Why a metric got no score, said so a person knows what to change. */
const UNMEASURED_REASONS: Record<UnmeasuredCause, string> = {
  skin_hidden:
    'Too little skin could be seen in the zones this is measured on (hair, beard or the photo hides them).',
  colour_clipped:
    'The light was too bright for the skin’s colour: the camera’s red channel was at its limit on most of the skin. Retake the photo in softer light to measure this.',
};

/** An unmeasured metric with its reason. */
export function describeUnmeasured(u: MeasuredUnmeasuredMetric): UnmeasuredMetric {
  return { metric: u.metric, reason: UNMEASURED_REASONS[u.cause] };
}

/** Why the quality gate refused a photo, as a sentence a person can act on. */
const REFUSALS: Record<QualityCode, string> = {
  no_face:
    'We could not find a face in this photo. Face the camera with your whole face in the frame and try again.',
  multiple_faces:
    'We found more than one face. Please take the photo with only your face in the frame.',
  face_cut_off:
    'Part of your face is outside the photo. Move back a little so your whole face, forehead to chin, is in the frame.',
  face_too_small:
    'Your face is too small in the photo to see your skin. Move closer so your face fills most of the frame.',
  head_turned:
    'Your head is turned or tilted too far. Look straight at the camera, chin level, and try again.',
  too_dark: 'The photo is too dark to see your skin. Face a window or a soft light and try again.',
  overexposed:
    'The photo is too bright: the light washes out your skin. Step away from direct light or turn off the flash.',
  no_colour:
    'This photo is in black and white, and your skin’s colour is part of what we read. Please use a colour photo: turn off any black-and-white filter and try again.',
  blurry:
    'The photo is blurred. Hold the phone steady, let the camera focus on your face, and try again.',
};

/** The sentence for a quality-gate refusal (the scan's 422 `detail`). */
export function describeRefusal(code: QualityCode): string {
  return REFUSALS[code];
}

type Measured = {
  findings: MeasuredFinding[];
  zone_notes: MeasuredZoneNote[];
  unmeasured?: MeasuredUnmeasuredMetric[];
};
type Described<T extends Measured> = Omit<T, 'findings' | 'zone_notes' | 'unmeasured'> & {
  findings: Finding[];
  zone_notes: ZoneNote[];
} & (T extends { unmeasured: MeasuredUnmeasuredMetric[] }
    ? { unmeasured: UnmeasuredMetric[] }
    : unknown);

/** An engine result with the sentences of its findings, zone notes and unmeasured metrics. */
export function describeMeasurements<T extends Measured>(result: T): Described<T> {
  return {
    ...result,
    findings: result.findings.map(describeFinding),
    zone_notes: result.zone_notes.map(describeZoneNote),
    ...(result.unmeasured && { unmeasured: result.unmeasured.map(describeUnmeasured) }),
  } as Described<T>;
}
