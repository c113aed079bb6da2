import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { COMPREHENSIVE_METRICS, type MetricKey } from '@lumiskin/contract/analysis';
import { NOISE_BANDS } from '@lumiskin/contract/trends';
import { describe, expect, it } from 'vitest';
import { CLIPPED_LEVEL, NEAR_CLIP_LEVEL } from '../src/face/frame';
import {
  CHROMA_STEP_HALF,
  CHROMA_STEP_POWER,
  HIDDEN_FULL,
  LESION_BACKGROUND,
  UNSEEN_MAX,
} from '../src/metrics/compression';
import {
  PATCH_BUMPY,
  PATCH_BUMPY_SPAN,
  PATCH_DOME_CLAIM,
  PATCH_DOME_FROM,
  PATCH_DOME_SIGMA,
  PATCH_DOME_SPAN,
  PATCH_ONE,
  PATCH_PAPULE_MM,
  PATCH_RED,
  PATCH_RED_SPAN,
  PATCH_RELIEF,
  PATCH_SPAN,
} from '../src/metrics/lesions';
import {
  FILL_AREA,
  FILL_ELONG,
  FILL_HAIR_RED,
  FILL_HAIR_RING,
  FILL_REACH,
  FILLED_ZONES,
} from '../src/metrics/lesion-skin';
import {
  COMPACT_AREA_FROM,
  COMPACT_AREA_TO,
  COMPACT_ELONG_FROM,
  COMPACT_ELONG_TO,
  HAIR_AREA_SOFT,
  HAIR_DARKENING,
  HAIR_FOLD,
  HAIR_MIN_AREA,
  HAIR_SIGMA,
  HAIR_SOFT,
  HAIR_SOFT_D,
  HAIR_TEXTURE,
  STRAND_DARK,
  STRAND_FROM,
  STRAND_SIGMA,
  STRAND_TO,
} from '../src/metrics/hair';
import {
  FRAME_FROM,
  FRAME_MARGIN,
  FRAME_NOSE_SIDE,
  FRAME_ON_LINE,
  FRAME_REACH,
  FRAME_SEAM,
  FRAME_TO,
} from '../src/metrics/frames';
import {
  INFLAM_FROM,
  INFLAM_MIN,
  INFLAM_TO,
  CENTRE_SHARE,
  DARK_CAP,
  DARK_FLAT,
  DARK_RED_FROM,
  DARK_RED_TO,
  DARK_RING_SHARE,
  DOME_REF,
  DOME_ROUND_FROM,
  DOME_ROUND_TO,
  DOME_SHARE,
  RED_RATIO_FROM,
  RED_RATIO_TO,
  REL_L16,
  ROUND_FROM,
  ROUND_REF,
  ROUND_TO,
  SURROUND_FROM,
  SURROUND_STRONG,
} from '../src/metrics/lesions';
import {
  COMEDO_COARSE,
  COMEDO_FIELD,
  COMEDO_FIELD_MIN,
  COMEDO_ISOLATION,
  COMEDO_MIN,
  COMEDO_PORES,
  COMEDO_ROUND_FROM,
  COMEDO_DOG_SHARE,
  COMEDO_ROUND_TO,
} from '../src/metrics/comedones';
import {
  COMEDO_HAIR_FREE,
  SPOT_DISC,
  SPOT_MIN_DEPTH,
  SPOT_MIN_RESPONSE,
} from '../src/metrics/marks';
import {
  PUS_CLEAR,
  PUS_DARK_FLOOR,
  PUS_HALO,
  PUS_HALO_PAD,
  PUS_HEAD,
  PUS_HEAD_CLEAR,
  PUS_LIFT,
  PUS_LIFT_SPAN,
  PUS_MIN,
  PUS_ROUND_FROM,
  PUS_ROUND_TO,
  PUS_RED_FROM,
  PUS_RED_TO,
  PUS_RESP,
} from '../src/metrics/pustules';
import {
  SPOT_FAINT_FROM,
  SPOT_RED_FROM,
  SPOT_RED_TO,
  SPOT_WIDE,
  SPOT_WIDE_MAX_R,
  SPOT_WIDE_RATIO,
  SPOT_WIDE_RED_FROM,
  SPOT_WIDE_RED_TO,
  SPOT_WIDE_RING,
} from '../src/metrics/spots';
import { BLOB_HAIR_SIGMA, DIFFUSE_BASE_QS, OIL_TONE_GAMMA, SHEEN_SIGMA } from '../src/metrics/skin';
import {
  DIFFUSE_RED_DA,
  DIFFUSE_RED_SOFT,
  FOLD_CAP,
  FOLD_TONE_GAMMA,
  LINE_CAP,
  LINE_HAIR_MARGIN,
  PORE_CAP,
  PORE_FLOOR,
  PORE_TONE_GAMMA,
  TEXTURE_TONE_GAMMA,
} from '../src/metrics/surface';
import { LESION_EXTENSIONS } from '../src/face/landmarks';
import { BRIGHT_RAMP, CANONICAL, SAT_FULL, SAT_NONE, SCLERA_Q } from '../src/face/white-balance';
import { ENGINE_METHOD_VERSION, METRIC_METHODS } from '../src/methods';
import {
  CALIBRATION,
  CM2_PER_PX,
  EXPECTED_CHROMA,
  FOLD_WEIGHT,
  METRIC_REGIONS,
  RADIANCE_EVENNESS,
} from '../src/scoring';

/**
 * The light's estimate (decision 056): the metrics that read the skin's colour (a*, b*, chroma,
 * or a chroma test) take it in their definition. Those read from lightness alone moved by ≤ 0.16
 * points on average when it changed (calibration half), less than a q95 re-save moves them.
 */
const WHITE_BALANCE = {
  CANONICAL,
  SCLERA_Q,
  BRIGHT_RAMP,
  SAT_FULL,
  SAT_NONE,
  estimator:
    'weighted mean chromaticity of the sample, brightness and saturation ramps (decision 195)',
};
/** A pixel whose red is clipped takes the chroma its green and blue give, if more (decision 167). */
const CLIPPED_RED = {
  NEAR_CLIP_LEVEL,
  CLIPPED_LEVEL,
  reads: "a clipped red's chroma from green and blue, never lower than its own (decision 167)",
};

/** The tone planes leave out sheen by its saturation too (decision 169). */
const SHEEN = { SHEEN_SIGMA, reads: 'saturation C*/(L*+16) of the low-pass planes, half-ramp' };
/** Constants a metric's raw value is built from, besides its knots and zones. */
/** Pustules by their pale head in a red halo (decision 125). */
const PUSTULES = {
  PUS_CLEAR,
  PUS_DARK_FLOOR,
  PUS_HALO,
  PUS_HALO_PAD,
  PUS_HEAD,
  PUS_HEAD_CLEAR,
  PUS_LIFT,
  PUS_LIFT_SPAN,
  PUS_MIN,
  PUS_ROUND_FROM,
  PUS_ROUND_TO,
  PUS_RED_FROM,
  PUS_RED_TO,
  PUS_RESP,
};
const PATCHES = {
  PATCH_PAPULE_MM,
  PATCH_ONE,
  PATCH_SPAN,
  PATCH_RED,
  PATCH_RED_SPAN,
  PATCH_RELIEF,
  PATCH_BUMPY,
  PATCH_BUMPY_SPAN,
  // Decision 174: a patch also counts the domes of its papules that no lesion found.
  domes: { PATCH_DOME_SIGMA, PATCH_DOME_FROM, PATCH_DOME_SPAN, PATCH_DOME_CLAIM },
};
const CONSTANTS: Partial<Record<MetricKey, unknown>> = {
  oiliness: {
    WHITE_BALANCE,
    CLIPPED_RED,
    OIL_TONE_GAMMA,
    reads: 'highlights by the light they add (decision 110)',
  },
  redness: { WHITE_BALANCE },
  uneven_tone: { WHITE_BALANCE, CLIPPED_RED, SHEEN },
  texture: {
    TEXTURE_TONE_GAMMA,
    reads: 'not the chin (decision 129)',
  },
  blackheads: {
    WHITE_BALANCE,
    COMEDO_MIN,
    COMEDO_PORES,
    COMEDO_FIELD,
    COMEDO_FIELD_MIN,
    COMEDO_ISOLATION,
    COMEDO_ROUND_FROM,
    COMEDO_ROUND_TO,
    COMEDO_COARSE,
    COMEDO_HAIR_FREE,
    COMEDO_DOG_SHARE,
    REL_L16,
    CM2_PER_PX,
    reads:
      'open comedones per 100 cm² of the lesion zones on a comedone-count scale, the smaller of the centre pixel and the dot, relative to the skin and the pores around, not beside hair (decision 127)',
  },
  acne: {
    INFLAM_MIN,
    INFLAM_FROM,
    INFLAM_TO,
    RED_RATIO_FROM,
    RED_RATIO_TO,
    REL_L16,
    CENTRE_SHARE,
    ROUND_FROM,
    ROUND_TO,
    ROUND_REF,
    DARK_RING_SHARE,
    DARK_CAP,
    DARK_FLAT,
    DARK_RED_FROM,
    DARK_RED_TO,
    DOME_SHARE,
    DOME_REF,
    DOME_ROUND_FROM,
    DOME_ROUND_TO,
    SURROUND_FROM,
    SURROUND_STRONG,
    SPOT_DISC,
    CM2_PER_PX,
    PUSTULES,
    reads: 'inflammatory lesions per 100 cm², relative to the skin around (decision 057)',
    // Decision 157: also on the lower cheeks and jawline beside the cheeks, per area of both.
    extensions: LESION_EXTENSIONS,
    // Decision 158: there, a compact patch the size of a papule cluster is not beard.
    compact: { COMPACT_ELONG_FROM, COMPACT_ELONG_TO, COMPACT_AREA_FROM, COMPACT_AREA_TO },
    // Decision 160: the darker, redder pixels the skin-colour test left out beside acne's skin.
    taken: { FILL_REACH, FILL_AREA, FILL_ELONG, zones: [...FILLED_ZONES] },
    // Decision 164: a red set the hair rule took, with the skin it took around it.
    hairTaken: { FILL_HAIR_RED, FILL_HAIR_RING },
    // Decision 166: a confluent patch counts by its inflamed area.
    patches: PATCHES,
    // Decision 171: the lesions a JPEG's colour compression hid are counted; 173: the factor fitted
    // to the soft count, a clear face's own count not scaled; 175: a blob's darkening stands in for
    // its redness beyond DARK_FLAT only as far as the save took the colour.
    compression: {
      CHROMA_STEP_HALF,
      CHROMA_STEP_POWER,
      UNSEEN_MAX,
      LESION_BACKGROUND,
      HIDDEN_FULL,
    },
  },
  dark_spots: {
    SPOT_MIN_DEPTH,
    SPOT_MIN_RESPONSE,
    SPOT_DISC,
    scale:
      'response and depth × 76 / ((L* of the zone + 16) × √(the contrast scale)) (decision 139)',
    soft: 'depth, blemish, disc share (decision 043)',
    // A spot counts by 1 − the weight of an inflammatory lesion around it (decision 057).
    blemish: {
      extensions: LESION_EXTENSIONS,
      compact: { COMPACT_ELONG_FROM, COMPACT_ELONG_TO, COMPACT_AREA_FROM, COMPACT_AREA_TO },
      taken: { FILL_REACH, FILL_AREA, FILL_ELONG, zones: [...FILLED_ZONES] },
      hairTaken: { FILL_HAIR_RED, FILL_HAIR_RING },
      patches: PATCHES,
      // Decision 175: the blemishes' darkening allowance follows the colour the save took.
      colourTaken: { CHROMA_STEP_HALF, CHROMA_STEP_POWER, HIDDEN_FULL },
      INFLAM_MIN,
      RED_RATIO_FROM,
      RED_RATIO_TO,
      REL_L16,
      ROUND_FROM,
      ROUND_TO,
      ROUND_REF,
      DARK_RING_SHARE,
      DARK_CAP,
      DARK_FLAT,
      DARK_RED_FROM,
      DARK_RED_TO,
      DOME_SHARE,
      DOME_REF,
      DOME_ROUND_FROM,
      DOME_ROUND_TO,
      SURROUND_FROM,
      SURROUND_STRONG,
      PUSTULES,
    },
    isolation: 'darker than the skin on every side, not on the nose (decision 057)',
    // Decision 170: a spot is as round as a lesion must be (roundShare), not a crease's streak.
    round: { ROUND_FROM, ROUND_TO, reads: 'log curvature ratio, whole to ROUND_FROM' },
    // Decision 125: one lesion, one mark: a spot also yields to a comedone around it, and counts
    // by 1 − how far it reads as an inflamed blob (red, domed and faintly red, or red over its
    // chroma blocks).
    kinds: {
      yields: 'blemishes and comedones within r + max(1.5 px, 2σ)',
      SPOT_RED_FROM,
      SPOT_RED_TO,
      SPOT_FAINT_FROM,
      SPOT_WIDE,
      SPOT_WIDE_RING,
      SPOT_WIDE_MAX_R,
      SPOT_WIDE_RED_FROM,
      SPOT_WIDE_RED_TO,
      SPOT_WIDE_RATIO,
    },
  },
  radiance: { EXPECTED_CHROMA, RADIANCE_EVENNESS, WHITE_BALANCE, CLIPPED_RED, SHEEN },
  sensitivity: { DIFFUSE_RED_DA, DIFFUSE_RED_SOFT, DIFFUSE_BASE_QS, WHITE_BALANCE },
  fine_lines: {
    FOLD_WEIGHT,
    LINE_CAP,
    LINE_HAIR_MARGIN,
    keepsFrom: 'hair, and the forehead left out as not skin (decision 155)',
  },
  firmness: { FOLD_CAP, FOLD_TONE_GAMMA },
  pores: {
    PORE_FLOOR,
    PORE_CAP,
    PORE_TONE_GAMMA,
    reads: 'DoG level 1 dark-dot depth per 1,000 px (decision 045)',
  },
};
/**
 * The hair weight (decision 039) decides how much each skin pixel counts in every metric: its
 * thresholds and ramps are part of every measured metric's definition.
 */
const HAIR = {
  HAIR_TEXTURE,
  HAIR_DARKENING,
  HAIR_MIN_AREA,
  HAIR_SIGMA,
  HAIR_FOLD,
  HAIR_SOFT,
  HAIR_SOFT_D,
  HAIR_AREA_SOFT,
  BLOB_HAIR_SIGMA,
  // Decision 107: on the forehead a patch is hair as far as it is strands.
  strands: { STRAND_FROM, STRAND_TO, STRAND_DARK, STRAND_SIGMA },
};
/**
 * Glasses frames (decision 168) are left out of the upper cheeks and the nose like hair: part of
 * the definition of every metric that reads those zones (dark circles reads the cheeks' lightness
 * beside the under-eyes'; fine lines reads the forehead alone).
 */
const FRAMES = {
  FRAME_REACH,
  FRAME_FROM,
  FRAME_TO,
  FRAME_MARGIN,
  FRAME_ON_LINE,
  FRAME_SEAM,
  FRAME_NOSE_SIDE,
  zones: ['left_cheek', 'right_cheek', 'nose'],
  searched: 'those zones and the under-eyes, closed over their seams',
  reads: 'valley strength ÷ the contrast scale, averaged along the valley (decision 168)',
};
/** Derived metrics: their definition is their inputs' (hydration blends three scores). */
const INPUTS: Partial<Record<MetricKey, MetricKey[]>> = {
  hydration: ['texture', 'radiance', 'fine_lines'],
};

function definition(metric: MetricKey): unknown {
  return {
    knots: metric === 'hydration' ? null : CALIBRATION[metric],
    zones: METRIC_REGIONS[metric],
    constants: CONSTANTS[metric] ?? null,
    hair: metric === 'hydration' ? null : HAIR,
    // (Only where it applies: the definitions pinned before decision 168 stay as they were.)
    ...(metric === 'hydration' || metric === 'fine_lines' ? {} : { frames: FRAMES }),
    inputs: (INPUTS[metric] ?? []).map(definition),
  };
}

function fingerprint(metric: MetricKey): string {
  return createHash('sha256')
    .update(JSON.stringify(definition(metric)))
    .digest('hex')
    .slice(0, 12);
}

/**
 * Each metric's method number with the fingerprint of the knots, zones and constants it was set
 * for. A change to any of them changes the fingerprint: then bump the metric's number in
 * src/methods.ts (and ENGINE_METHOD_VERSION), and put the new pair here.
 */
// Decision 039 added the hair weight's constants to every measured metric's definition (HAIR
// above) and bumped every number with it: the soft hair weight changed what every metric reads.
// Decision 041 merged 038 (fine lines, firmness: new raw values, constants and knots) with 039:
// those two and hydration (which blends fine lines) sit above both branches' numbers.
// Decision 107 added the strands test of forehead hair patches (HAIR.strands) and bumped every
// number again; acne and dark spots also take the darkening cap and the dome's shading (the
// extra darkening only for round, clearly red blobs; the dome only for round ones). Decision 110
// (merged beside 107) changed oiliness, pores and firmness: one above both branches' numbers.
// Decision 129 took the chin out of texture, and with it hydration, which blends texture.
// Decision 167 gave a pixel whose red is clipped the chroma its green and blue give (if more): what
// oiliness, radiance (and hydration, which blends it) and the even tone's dull skin read.
// Decision 168 left glasses frames out of the upper cheeks and the nose (FRAMES above): every
// metric that reads those zones, and hydration through texture and radiance.
// Decision 169 left sheen out of the tone planes by its saturation too: radiance, even tone and
// hydration (which blends radiance).
// Decision 170 counts a dark spot by its roundness, as a lesion: dark spots alone.
// Decision 171 counts the inflammatory lesions a JPEG's colour compression hid: acne alone.
// Decision 173 fits that factor to the soft count and leaves a clear face's own count unscaled:
// acne alone.
// Decision 174 counts a patch's papule domes that no lesion found (PATCHES): acne, and dark spots,
// which yield to the patches' marks.
// Decision 175 lets a blob's darkening stand in for its redness beyond DARK_FLAT only as far as
// the JPEG took the colour: acne, and dark spots, which yield to the blemishes.
// Decision 195 reads the eye whites' and the teeth's colour as a weighted mean (brightness and
// saturation ramps) instead of a median over hard cuts: the seven metrics that read the skin's
// colour (WHITE_BALANCE), and hydration, which blends radiance.
const PINNED: Record<MetricKey, { method: number; fingerprint: string }> = {
  acne: { method: 22, fingerprint: '892ddd4b8342' }, // 057: relative lesion detector, per 100 cm²; 058: rounder, threshold 7; 106: the threshold follows the shape, the ring's darkening; 125: pustules by their head; 137: the head a blob, steadier; 147: a clear head's halo by its darkening where chroma blocks took its redness; 150: a round head; 157: the lower cheeks and jawline too, knots per face kept; 158: a compact cluster there is not beard; 160: a papule's own pixels the skin-colour test left out; 161: a clear head counts up to 6 × a faint halo; 164: a red set the hair rule took, with the skin it took around it; 166: a confluent patch counts by its inflamed area; 168: glasses frames left out; 171: the lesions a JPEG's colour compression hid are counted; 173: fitted to the soft count, a clear face's own count not scaled; 174: a patch's domes no lesion found; 175: the darkening's allowance follows the colour the save took
  oiliness: { method: 8, fingerprint: '94d83c995a5f' }, // 056: the light's estimate; 110: highlights by the light they add; 167: a clipped red is not a highlight; 168: glasses frames left out; 195: the light's estimate, a weighted reading
  redness: { method: 6, fingerprint: '6d04593492c7' }, // 056; 168: glasses frames left out; 195: the light's estimate, a weighted reading
  texture: { method: 6, fingerprint: '7b126e1f76b8' }, // 051: fine band, tone γ ½; 129: no chin; 168: glasses frames left out
  dark_spots: { method: 23, fingerprint: '5361181c99f1' }, // 043: soft depth, blemish and disc share; 057: isolation, no nose; 058, 106: the blemishes it yields to; 125: one lesion, one kind; 137: the pustules it yields to; 139: the relative scale; 147, 150: the pustules it yields to; 157, 158: and the jawline's; 160: and those on the skin acne took back; 161: the pustules it yields to; 164: and those on the skin acne took back from the hair rule; 166: and the confluent patches; 168: glasses frames left out; 170: a spot is round; 174: and the patches' domes; 175: and the blemishes whose darkening follows the colour the save took
  radiance: { method: 10, fingerprint: '8ba11d7ee7b2' }, // 050: hinged expected chroma; 056; 167: a clipped red's chroma; 168: glasses frames left out; 169: sheen by its saturation; 195: the light's estimate, a weighted reading
  hydration: { method: 14, fingerprint: 'fcbf69502be4' }, // 041, 155: fine lines; 050, 056, 167: radiance; 051, 129: texture; 168: glasses frames left out; 169: radiance; 195: radiance's light estimate
  pores: { method: 7, fingerprint: 'b11da2605e63' }, // 110: tone γ ¼; 168: glasses frames left out
  fine_lines: { method: 5, fingerprint: 'b6de3fef4cf5' }, // 041: 038's forehead lines + 039's hair weight; 155: away from the forehead left out as not skin
  uneven_tone: { method: 9, fingerprint: '35777d17907c' }, // 056; 167: a clipped red is not a highlight (the tone's dull skin); 168: glasses frames left out; 169: sheen by its saturation; 195: the light's estimate, a weighted reading
  dark_circles: { method: 5, fingerprint: 'e43d14bca7ce' }, // 168: glasses frames left out
  blackheads: { method: 9, fingerprint: '62ab711a263e' }, // 123: comedones against the pores around; 127: the dot's own reading, no whiteheads, every lesion zone, comedone-count knots; 168: glasses frames left out; 195: the light's estimate, a weighted reading
  sensitivity: { method: 7, fingerprint: 'f8458bfa44ce' }, // 049: soft diffuse redness, band baseline; 056; 168: glasses frames left out; 195: the light's estimate, a weighted reading
  firmness: { method: 6, fingerprint: '22abe92646ec' }, // 041: 038's clipped folds + 039's hair weight; 110: tone γ ½; 168: glasses frames left out
};
const PINNED_ENGINE_VERSION = '2026-12-03/195';

describe('measurement method versions', () => {
  it.each(COMPREHENSIVE_METRICS)('%s: its method number matches its knots', (metric) => {
    const pinned = PINNED[metric];
    const now = fingerprint(metric);
    if (now !== pinned.fingerprint) {
      expect.fail(
        `The knots, zones or constants of "${metric}" changed (fingerprint ${pinned.fingerprint} → ${now}). ` +
          `Scores measured before and after are not comparable: bump METRIC_METHODS.${metric} in ` +
          `src/methods.ts (now ${METRIC_METHODS[metric]}) and ENGINE_METHOD_VERSION, then pin ` +
          `{ method: <new>, fingerprint: '${now}' } here.`,
      );
    }
    expect(
      METRIC_METHODS[metric],
      `METRIC_METHODS.${metric} changed without a new fingerprint pinned here`,
    ).toBe(pinned.method);
  });

  it('a moved knot, zone weight or constant changes the fingerprint', () => {
    const acne = CALIBRATION.acne;
    const before = fingerprint('acne');
    const radianceBefore = fingerprint('radiance');
    const hydrationBefore = fingerprint('hydration');
    try {
      CALIBRATION.acne = acne.map(([raw, score], i) => [raw, i === 2 ? score - 1 : score] as const);
      expect(fingerprint('acne')).not.toBe(before);
    } finally {
      CALIBRATION.acne = acne;
    }
    expect(fingerprint('acne')).toBe(before);
    const radiance = CALIBRATION.radiance;
    try {
      CALIBRATION.radiance = radiance.map(([raw, score]) => [raw + 0.1, score] as const);
      expect(fingerprint('radiance')).not.toBe(radianceBefore);
      // Hydration blends radiance: its method moves with it.
      expect(fingerprint('hydration')).not.toBe(hydrationBefore);
    } finally {
      CALIBRATION.radiance = radiance;
    }
  });

  it.each(COMPREHENSIVE_METRICS)(
    '%s: its noise band was measured with its current method (decision 089)',
    (metric) => {
      expect(
        NOISE_BANDS.metrics[metric].method,
        `METRIC_METHODS.${metric} is ${METRIC_METHODS[metric]}, but the contract's NOISE_BANDS.${metric} was measured ` +
          'with another method: run `npm run bench:noise -w @lumiskin/skin-engine -- --part calibration` and ' +
          'set its band and method in packages/contract/src/analysis.ts',
      ).toBe(METRIC_METHODS[metric]);
    },
  );

  it('the noise bands belong to this method set', () => {
    expect(NOISE_BANDS.methods).toBe(ENGINE_METHOD_VERSION);
  });

  it('bumps the engine version together with any metric', () => {
    expect(
      ENGINE_METHOD_VERSION,
      'ENGINE_METHOD_VERSION changed: update PINNED_ENGINE_VERSION with the metric that moved',
    ).toBe(PINNED_ENGINE_VERSION);
  });

  it('decision 036 moved four metrics up one, 039 every metric, 038 + 039 (041) fine lines, firmness and hydration, 043 dark spots, 045 pores, 048 acne and dark spots, 049 sensitivity, 050 radiance and hydration, 051 texture and hydration, 056 the seven that read colour, 057 acne, blackheads and dark spots, 058 and 106 acne and dark spots, 107 every metric again, 110 oiliness, pores and firmness once more, 123 and 127 blackheads, 125 acne and dark spots, 129 texture and hydration, 137 acne and dark spots, 139 dark spots, 147 and 150 acne and dark spots, 155 fine lines and hydration, 157, 158, 160, 161, 164 and 166 acne and dark spots, 167 oiliness, radiance, hydration and uneven tone, 168 every metric but fine lines, 169 radiance, uneven tone and hydration, 170 dark spots, 171 and 173 acne, 174 and 175 acne and dark spots, 195 the seven that read colour and hydration', () => {
    const expected: Partial<Record<MetricKey, number>> = {
      acne: 22,
      oiliness: 8,
      redness: 6,
      dark_spots: 23,
      uneven_tone: 9,
      radiance: 10,
      dark_circles: 5,
      texture: 6,
      hydration: 14,
      fine_lines: 5,
      firmness: 6,
      // 7, not 6: decision 042's branch (not adopted) carried pores 3 with another definition.
      pores: 7,
      blackheads: 9,
      sensitivity: 7,
    };
    for (const metric of COMPREHENSIVE_METRICS)
      expect(METRIC_METHODS[metric]).toBe(expected[metric] ?? 2);
  });

  it("docs/skin-engine.md's method table gives every metric its current number", () => {
    // The table people read to compare stored scans ("metric | method | since"): it had fallen
    // behind by decisions 107, 110 and 129 before it was checked here.
    const doc = readFileSync(new URL('../../../docs/skin-engine.md', import.meta.url), 'utf8');
    const words: Record<string, MetricKey> = { 'even tone': 'uneven_tone' };
    const rows = new Map<MetricKey, number>();
    for (const [, name, method] of doc.matchAll(/^\| ([a-z ]+) \| (\d+) \|/gm)) {
      const metric = words[name as string] ?? ((name as string).replace(/ /g, '_') as MetricKey);
      rows.set(metric, Number(method));
    }
    for (const metric of COMPREHENSIVE_METRICS)
      expect(rows.get(metric), `docs/skin-engine.md's row for ${metric}`).toBe(
        METRIC_METHODS[metric],
      );
  });
});
