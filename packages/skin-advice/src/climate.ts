import { type Environment } from '@lumiskin/contract/analysis';
import type { SkinType } from '@lumiskin/contract/auth';
import { GENTLE_BELOW, type RecommendInput } from './recommend';
import type { Candidate } from './boosters';
import { formatUv, scoreOf } from './words';

/** The climate's part of a routine: sunscreen strength by UV, moisturiser texture by the air. */

/**
 * Sunscreen strength by UV index (WHO UV index bands). Photosensitising actives (AHA/BHA, retinoid)
 * or a dark-spot focus lift the moderate band to SPF 50, since UV darkens spots and acids raise sun
 * sensitivity. Unknown UV → SPF 30 with advice to go to 50 on sunny days.
 */
export const SPF_TABLE = [
  { band: 'low', uvFrom: 0, uvTo: 3, spf: 30, reapply: false },
  { band: 'moderate', uvFrom: 3, uvTo: 6, spf: 30, reapply: false },
  { band: 'high', uvFrom: 6, uvTo: 8, spf: 50, reapply: true },
  { band: 'very high / extreme', uvFrom: 8, uvTo: Infinity, spf: 50, reapply: true },
] as const;

/** Climate thresholds for the moisturiser's texture. */
const DRY_AIR_HUMIDITY_BELOW = 40;

const COLD_BELOW_C = 10;

const HUMID_ABOVE = 70;

const HOT_ABOVE_C = 27;

export function spfForUv(
  uvIndex: number | null | undefined,
  photosensitive: boolean,
): { spf: number; reapply: boolean; band: string | null } {
  if (uvIndex == null || !Number.isFinite(uvIndex)) return { spf: 30, reapply: false, band: null };
  const uv = Math.max(0, uvIndex);
  const row =
    SPF_TABLE.find((r) => uv >= r.uvFrom && uv < r.uvTo) ?? SPF_TABLE[SPF_TABLE.length - 1]!;
  const spf = row.band === 'moderate' && photosensitive ? 50 : row.spf;
  return { spf, reapply: row.reapply, band: row.band };
}

type MoisturiserTexture = 'rich' | 'gel' | 'gel-cream' | 'lotion';

/**
 * Texture by climate first, then skin type. Dry or cold air (humidity < 40 %, or < 10 °C, or winter
 * when no temperature is known) → rich cream; humid (> 70 %) or hot (> 27 °C) air on oily or
 * combination skin → light gel.
 */
export function moisturiserFor(
  skinType: SkinType,
  isOily: boolean,
  env: Environment | null | undefined,
): { texture: MoisturiserTexture; climate: 'dry-cold' | 'humid' | null } {
  const humidity = env?.humidity ?? null;
  const temp = env?.temperature_c ?? null;
  const dryAir = humidity != null && humidity < DRY_AIR_HUMIDITY_BELOW;
  const cold = temp != null ? temp < COLD_BELOW_C : env?.season === 'winter';
  const humidOrHot =
    (humidity != null && humidity > HUMID_ABOVE) || (temp != null && temp > HOT_ABOVE_C);
  if (dryAir || cold) return { texture: 'rich', climate: 'dry-cold' };
  if (humidOrHot && isOily) return { texture: 'gel', climate: 'humid' };
  if (isOily) return { texture: 'gel-cream', climate: null };
  if (skinType === 'dry') return { texture: 'rich', climate: null };
  return { texture: 'lotion', climate: null };
}

/** The sunscreen's SPF for the place's UV and the routine's photosensitivity, and why. */
export function chooseSunscreen(
  input: RecommendInput,
  chosen: readonly Candidate[],
  notes: string[],
): { sun: ReturnType<typeof spfForUv>; sunReason: string } {
  const { scores, concerns, environment } = input;
  const photosensitive =
    chosen.some(
      (c) => c.booster.flags.containsExfoliatingAcid || c.booster.flags.containsRetinoid,
    ) ||
    concerns.includes('hyperpigmentation') ||
    (scoreOf(scores, 'dark_spots') ?? 100) < GENTLE_BELOW;
  // A morning sunscreen is for the day's sun: its clear-sky peak at midday, not the moment of the
  // scan (an evening scan read 0). Scans stored before the peak was kept use the moment's index.
  const peak = environment?.uv_index_max ?? null;
  const uv = peak ?? environment?.uv_index ?? null;
  const sun = spfForUv(uv, photosensitive);
  let sunReason: string;
  if (sun.band == null) {
    sunReason =
      'We do not know the UV index for your place right now, so SPF 30 daily, and SPF 50 on sunny days or outdoors.';
  } else {
    sunReason =
      peak != null
        ? `The UV index where you are reaches ${formatUv(peak)} (${sun.band}) at midday on a clear day, so SPF ${sun.spf}`
        : `The UV index where you are is ${formatUv(uv!)} (${sun.band}), so SPF ${sun.spf}`;
    if (sun.spf === 50 && sun.band === 'moderate')
      sunReason +=
        ', higher than usual because your routine or concerns make skin more sun-sensitive';
    sunReason += sun.reapply ? '; reapply every two hours outdoors.' : '.';
    if (sun.reapply) {
      notes.push(
        `UV is ${sun.band} today: use SPF ${sun.spf}, reapply every two hours outdoors and after sweating or swimming, and look for shade around midday.`,
      );
    }
  }

  return { sun, sunReason };
}

/** The moisturiser's texture for the skin and the air (dry or cold, humid or hot), and why. */
export function chooseMoisturiser(
  input: RecommendInput,
  skinType: SkinType,
  isOily: boolean,
  notes: string[],
) {
  const { environment } = input;
  const moist = moisturiserFor(skinType, isOily, environment);
  const moisturiser = MOISTURISERS[moist.texture];
  let moistReason = moisturiser.reason(skinType);
  if (moist.climate === 'dry-cold') {
    const bits: string[] = [];
    if (environment?.humidity != null && environment.humidity < DRY_AIR_HUMIDITY_BELOW)
      bits.push(`humidity is ${Math.round(environment.humidity)}%`);
    if (environment?.temperature_c != null && environment.temperature_c < COLD_BELOW_C)
      bits.push(`it is ${Math.round(environment.temperature_c)}°C`);
    const comedo = isOily ? ' Choose a non-comedogenic one.' : '';
    if (bits.length === 0) {
      // Nothing measured: the season's usual air, said as such (the card says "Not measured").
      moistReason = `It is winter where you are, when the air is usually dry or cold and pulls water from the skin: a richer cream seals it in.${comedo}`;
      notes.push(
        'Winter air is usually dry or cold: a richer moisturiser helps; skip very hot water when cleansing.',
      );
    } else {
      moistReason = `The air is dry or cold (${bits.join(', ')}), which pulls water from the skin: a richer cream seals it in.${comedo}`;
      notes.push(
        `Dry or cold air today (${bits.join(', ')}): a richer moisturiser helps; skip very hot water when cleansing.`,
      );
    }
  } else if (moist.climate === 'humid') {
    const bits: string[] = [];
    if (environment?.humidity != null && environment.humidity > HUMID_ABOVE)
      bits.push(`humidity is ${Math.round(environment.humidity)}%`);
    if (environment?.temperature_c != null && environment.temperature_c > HOT_ABOVE_C)
      bits.push(`it is ${Math.round(environment.temperature_c)}°C`);
    moistReason = `The air is humid or hot (${bits.join(', ')}) and your skin tends to oiliness: a light gel hydrates without heaviness.`;
    notes.push(
      `Humid or hot weather (${bits.join(', ')}): a light gel moisturiser is enough; blotting papers help with midday shine.`,
    );
  }

  return { moist, moisturiser, moistReason };
}

const MOISTURISERS: Record<MoisturiserTexture, { name: string; reason: (t: SkinType) => string }> =
  {
    rich: {
      name: 'Rich barrier cream',
      reason: (t) =>
        `Your skin type is ${t}: a richer cream with ceramides and shea keeps it comfortable all day.`,
    },
    gel: {
      name: 'Light gel moisturiser',
      reason: () => 'A light, oil-free gel hydrates without adding shine.',
    },
    'gel-cream': {
      name: 'Oil-free gel-cream',
      reason: (t) =>
        `Your skin type is ${t}: an oil-free gel-cream hydrates without clogging pores or adding shine.`,
    },
    lotion: {
      name: 'Lightweight lotion',
      reason: () => 'A lightweight lotion keeps balanced skin hydrated without heaviness.',
    },
  };
