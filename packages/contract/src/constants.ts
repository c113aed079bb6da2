/**
 * Constants without schemas. A module here builds no zod schema when it loads, so the web's first
 * script can import these without zod and the schemas around them (decision 120); the modules
 * they belong to (quiz, analysis-api) export them too.
 */

/**
 * The IANA time zone the web client sends (Intl.DateTimeFormat().resolvedOptions().timeZone).
 * It sets where "today" starts for the daily challenge and the streak; absent or unknown = UTC.
 */
export const TIME_ZONE_HEADER = 'x-timezone';

/**
 * What the daily challenge card and the landing page promise, kept true to the rules
 * (apps/server/src/modules/quiz/rules.ts): 10–20 points a right answer by difficulty, so a perfect
 * run of five is worth 50–100 (minPoints–maxPoints) before the streak bonus; five questions take a
 * minute or two.
 */
export const DAILY_CHALLENGE = {
  questions: 5,
  minutes: 2,
  pointsPerRightAnswer: { min: 10, max: 20 },
  minPoints: 50,
  maxPoints: 100,
  maxStreakBonus: 100,
} as const;

export const HISTORY_DEFAULT_LIMIT = 10;
export const HISTORY_MAX_LIMIT = 100;

export const ROLES = ['user', 'moderator', 'admin'] as const;

/** The spec's app asked for 6; 8 since decision 180 (NIST SP 800-63B's minimum for chosen passwords). */
export const MIN_PASSWORD_LENGTH = 8;

/** Roles the spec sends to the admin area after login (docs/product-rules.md#roles: admin and moderator). */
export function isStaff(role: (typeof ROLES)[number]): boolean {
  return role === 'admin' || role === 'moderator';
}

/*
 * The skin engine's vocabulary and the scan limits it reads (decision 143): here, without zod, so
 * the on-device engine's worker bundles no zod; analysis.ts and scan.ts export them too.
 */

/** Quick analysis: 7 concerns (docs/product-rules.md#scan). */
export const QUICK_METRICS = [
  'acne',
  'oiliness',
  'redness',
  'texture',
  'dark_spots',
  'radiance',
  'hydration',
] as const;

/** Comprehensive analysis adds 7 more: 14 in all (docs/product-rules.md#scan). */
export const COMPREHENSIVE_METRICS = [
  ...QUICK_METRICS,
  'pores',
  'fine_lines',
  'uneven_tone',
  'dark_circles',
  'blackheads',
  'sensitivity',
  'firmness',
] as const;

/** Face zones the engine measures; outlines are returned so the app can draw them. */
export const REGIONS = [
  'forehead',
  'left_cheek',
  'right_cheek',
  'nose',
  'chin',
  'under_eyes',
] as const;

/** Score colour bands (docs/product-rules.md#score-bands): >=80 good (green), >=60 fair (yellow/amber), else poor (red). */
export type ScoreBand = 'good' | 'fair' | 'poor';
export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return 'good';
  if (score >= 60) return 'fair';
  return 'poor';
}

/**
 * Largest photo accepted in pixels, read from the header before decoding, so a small file that
 * claims a huge canvas (a decompression bomb) is refused at once. 50 MP covers a 48 MP phone.
 */
export const SCAN_MAX_PIXELS = 50_000_000;
/** Stored photos are re-encoded with their long side at most this many pixels. */
export const SCAN_PHOTO_MAX_SIDE = 1600;

/**
 * The one source of the light thresholds, on Rec.601 luma (0-255): the skin engine's quality gate
 * (packages/skin-engine/src/quality.ts imports them) and the live camera guidance both use these.
 * too_dark: face median < minFaceLuma, or < darkFaceLuma while the scene's 95th percentile is
 * < darkSceneP95 (a deep skin tone in a lit room is fine); overexposed: face median > maxFaceLuma
 * or more than maxClippedShare of the face clipped.
 */
export const LIGHT_LIMITS = {
  minFaceLuma: 40,
  darkFaceLuma: 85,
  darkSceneP95: 120,
  maxFaceLuma: 235,
  maxClippedShare: 0.25,
} as const;

/**
 * The live gate's checks (packages/skin-engine/src/live.ts), in the order the scan screen gives
 * their instructions: face → distance → centring → angle → light → evenness → cast → focus →
 * hold still (decision 097).
 */
export const LIVE_CHECKS = [
  'face',
  'distance',
  'centring',
  'yaw',
  'pitch',
  'roll',
  'light',
  'evenness',
  'cast',
  'sharpness',
  'motion',
] as const;
export type LiveCheckName = (typeof LIVE_CHECKS)[number];

/**
 * The live checks the server's gate has no rule for and the person may not be able to act on:
 * the room's light (one side brighter, a coloured light). They are asked for, but do not veto a
 * photo the server accepts: auto-capture waits a moment for them, then takes it (decision 115).
 */
export const LIVE_ADVICE_CHECKS: readonly LiveCheckName[] = ['evenness', 'cast'];
