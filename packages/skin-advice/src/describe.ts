import {
  REGION_WORDS,
  type Finding,
  type MeasuredFinding,
  type MeasuredZoneNote,
  type MetricKey,
  type RegionKey,
  type ScoreBand,
  type ZoneNote,
} from '@lumiskin/contract/analysis';

/**
 * The sentences a person reads about what the engine measured: a finding's summary and a zone
 * note's message. The engine measures and never words (docs/ARCHITECTURE.md); this is the one
 * place the words are written, held to the report's banned words (report.ts).
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
        : `Part of the ${name} was hidden (hair, glasses or shadow) and not measured.`;
  return { ...n, message };
}

/** An engine result with the sentences of its findings and zone notes. */
export function describeMeasurements<
  T extends { findings: MeasuredFinding[]; zone_notes: MeasuredZoneNote[] },
>(result: T): Omit<T, 'findings' | 'zone_notes'> & { findings: Finding[]; zone_notes: ZoneNote[] } {
  return {
    ...result,
    findings: result.findings.map(describeFinding),
    zone_notes: result.zone_notes.map(describeZoneNote),
  };
}
