import type { MetricKey } from '@lumiskin/contract/analysis';
import type { SkinType } from '@lumiskin/contract/auth';

/**
 * Optional adapter: an external skin-analysis API shaped like Face++ `skinanalyze`
 * (https://api-us.faceplusplus.com/facepp/v1/skinanalyze, "Skin Analyze API" v1.0 docs), off unless
 * configured. Returns our 0-100 scores (higher is healthier) or null on ANY failure, so the caller
 * keeps the engine's own numbers.
 *
 * Request: POST multipart/form-data with api_key, api_secret and image_base64 (JPEG, <= 2 MB, face
 * box >= 200 px per the vendor's image requirements).
 * Response: { request_id, time_used, face_rectangle{top,left,width,height}, result{...}, warning? }
 * or { error_message, request_id, time_used } with a 4xx/5xx status (e.g. NO_FACE_FOUND,
 * INVALID_IMAGE_FACE, AUTHENTICATION_ERROR, CONCURRENCY_LIMIT_EXCEEDED, INTERNAL_ERROR).
 *
 * Result fields read (v1: `{ value: 0|1 (number or string), confidence: 0-1 }`):
 *   acne, skin_spot, blackhead, pores_forehead/left_cheek/right_cheek/jaw, dark_circle, eye_pouch,
 *   forehead_wrinkle, crows_feet, eye_finelines, glabella_wrinkle, nasolabial_fold,
 *   skin_type { skin_type: 0 oily | 1 dry | 2 normal | 3 mixed, details{0..3: {value, confidence}} }
 *   (the v1 sample also puts skin_type as a number with `details` beside it: both are read).
 * Richer variants ("Pro"/advanced) send acne/skin_spot/brown_spot as { rectangle[], confidence[] },
 * blackhead_count, and score_info { acne_score, ... } (0-100, higher healthier): read when present.
 *
 * Mapping (documented; each is an estimate of the vendor's call, not a measurement of ours):
 *   p(has) for a binary field = confidence if value is 1, else 1 - confidence.
 *   binaryScore(p) = round(92 - 57 p): certain "no" → 92, certain "yes" → 35.
 *   countScore(n): piecewise-linear over (0 → 92, 2 → 80, 5 → 65, 10 → 50, 20 → 35), flat beyond.
 *   acne         ← acne (binary) or count of acne (+ closed_comedones, acne_pustule, acne_nodule) boxes
 *   dark_spots   ← skin_spot (binary) or count of skin_spot + brown_spot boxes
 *   blackheads   ← blackhead (binary) or blackhead_count / 4 as a count
 *   pores        ← mean p over the four pores_* zones
 *   dark_circles ← dark_circle (any non-zero value counts as "has")
 *   fine_lines   ← 0.6 max p + 0.4 mean p over the five wrinkle/fold fields
 *   firmness     ← mean p of nasolabial_fold and eye_pouch (a proxy)
 *   oiliness     ← p(oily) + 0.5 p(mixed) from skin_type details
 *   hydration    ← p(dry) from skin_type details (a proxy)
 *   score_info (when sent) overrides: acne_score, melanin_score→dark_spots, blackhead_score,
 *   pores_score, dark_circle_score, wrinkle_score→fine_lines, oily_intensity_score→oiliness,
 *   water_score→hydration, rough_score→texture, sensitivity_score→sensitivity.
 *   Not provided by the API (redness, radiance, uneven tone, texture in v1): left to the engine.
 *
 * Proposed env: SKIN_API_URL, SKIN_API_KEY, SKIN_API_SECRET, SKIN_API_TIMEOUT_MS (default 10000).
 */

export interface ExternalSkinApiConfig {
  url: string;
  apiKey: string;
  apiSecret: string;
  timeoutMs?: number;
}

export interface ExternalSkinResult {
  scores: Partial<Record<MetricKey, number>>;
  skinType: SkinType | null;
  /** 0-1 confidence of the skin-type call, when the API gave one. */
  skinTypeConfidence: number | null;
  faceRectangle: { top: number; left: number; width: number; height: number } | null;
  requestId: string | null;
  warnings: string[];
}

export interface ExternalSkinApiOptions {
  fetch?: typeof fetch;
  /** Called with the reason whenever null is returned (for logs; never includes the key). */
  onFailure?: (reason: string) => void;
}

export const DEFAULT_SKIN_API_TIMEOUT_MS = 10_000;
/** The vendor's documented upload limit. */
export const SKIN_API_MAX_BYTES = 2 * 1024 * 1024;

const FACEPP_SKIN_TYPES: Record<number, SkinType> = {
  0: 'oily',
  1: 'dry',
  2: 'normal',
  3: 'combination',
};

export function binaryScore(p: number): number {
  return Math.round(92 - 57 * clamp01(p));
}

const COUNT_BANDS: [number, number][] = [
  [0, 92],
  [2, 80],
  [5, 65],
  [10, 50],
  [20, 35],
];

export function countScore(n: number): number {
  if (!(n > 0)) return 92;
  for (let i = 1; i < COUNT_BANDS.length; i++) {
    const [x1, y1] = COUNT_BANDS[i]!;
    const [x0, y0] = COUNT_BANDS[i - 1]!;
    if (n <= x1) return Math.round(y0 + ((n - x0) / (x1 - x0)) * (y1 - y0));
  }
  return COUNT_BANDS[COUNT_BANDS.length - 1]![1];
}

export async function analyzeWithExternalSkinApi(
  config: ExternalSkinApiConfig,
  jpeg: Uint8Array,
  options: ExternalSkinApiOptions = {},
): Promise<ExternalSkinResult | null> {
  const fail = (reason: string) => {
    options.onFailure?.(reason);
    return null;
  };
  if (jpeg.byteLength === 0) return fail('empty image');
  if (jpeg.byteLength > SKIN_API_MAX_BYTES) return fail('image over the API limit of 2 MB');
  const doFetch = options.fetch ?? fetch;

  const form = new FormData();
  form.set('api_key', config.apiKey);
  form.set('api_secret', config.apiSecret);
  form.set(
    'image_base64',
    Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength).toString('base64'),
  );

  let body: unknown;
  let status: number;
  try {
    const res = await doFetch(config.url, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_SKIN_API_TIMEOUT_MS),
    });
    status = res.status;
    const text = await res.text();
    try {
      body = JSON.parse(text);
    } catch {
      return fail(`HTTP ${status}: response is not JSON`);
    }
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return fail('timeout');
    return fail(`request failed: ${err instanceof Error ? err.message : String(err)}`);
  }

  if (!isObject(body)) return fail(`HTTP ${status}: unexpected body`);
  if (typeof body.error_message === 'string' && body.error_message) {
    return fail(`HTTP ${status}: ${body.error_message}`);
  }
  if (status < 200 || status >= 300) return fail(`HTTP ${status}`);
  if (!isObject(body.result)) return fail('no result in response');

  const mapped = mapSkinAnalyzeResult(body.result);
  if (Object.keys(mapped.scores).length === 0) return fail('result had no usable fields');
  return {
    ...mapped,
    faceRectangle: readRect(body.face_rectangle),
    requestId: typeof body.request_id === 'string' ? body.request_id : null,
    warnings: Array.isArray(body.warning)
      ? body.warning.filter((w): w is string => typeof w === 'string')
      : [],
  };
}

/** Pure mapping of a Face++-shaped `result` object onto our scores (see the table above). */
export function mapSkinAnalyzeResult(
  result: Record<string, unknown>,
): Pick<ExternalSkinResult, 'scores' | 'skinType' | 'skinTypeConfidence'> {
  const scores: Partial<Record<MetricKey, number>> = {};

  // acne
  const acneBoxes = ['acne', 'closed_comedones', 'acne_pustule', 'acne_nodule']
    .map((k) => boxCount(result[k]))
    .filter((n): n is number => n != null);
  const acneP = hasProbability(result.acne);
  if (acneP != null) scores.acne = binaryScore(acneP);
  else if (acneBoxes.length > 0) scores.acne = countScore(sum(acneBoxes));

  // dark spots
  const spotP = hasProbability(result.skin_spot);
  const spotBoxes = ['skin_spot', 'brown_spot']
    .map((k) => boxCount(result[k]))
    .filter((n): n is number => n != null);
  if (spotP != null) scores.dark_spots = binaryScore(spotP);
  else if (spotBoxes.length > 0) scores.dark_spots = countScore(sum(spotBoxes));

  // blackheads
  const blackP = hasProbability(result.blackhead);
  if (typeof result.blackhead_count === 'number')
    scores.blackheads = countScore(result.blackhead_count / 4);
  else if (blackP != null) scores.blackheads = binaryScore(blackP);

  // pores
  const poreP = ['pores_forehead', 'pores_left_cheek', 'pores_right_cheek', 'pores_jaw']
    .map((k) => hasProbability(result[k]))
    .filter((p): p is number => p != null);
  if (poreP.length > 0) scores.pores = binaryScore(mean(poreP));

  // dark circles
  const circleP = hasProbability(result.dark_circle);
  if (circleP != null) scores.dark_circles = binaryScore(circleP);

  // fine lines
  const lineP = [
    'forehead_wrinkle',
    'crows_feet',
    'eye_finelines',
    'glabella_wrinkle',
    'nasolabial_fold',
  ]
    .map((k) => hasProbability(result[k]))
    .filter((p): p is number => p != null);
  if (lineP.length > 0)
    scores.fine_lines = binaryScore(0.6 * Math.max(...lineP) + 0.4 * mean(lineP));

  // firmness (proxy)
  const firmP = ['nasolabial_fold', 'eye_pouch']
    .map((k) => hasProbability(result[k]))
    .filter((p): p is number => p != null);
  if (firmP.length > 0) scores.firmness = binaryScore(mean(firmP));

  // skin type → oiliness and hydration
  const st = readSkinType(result);
  if (st) {
    const pOily = st.details[0] ?? (st.type === 0 ? (st.confidence ?? 1) : 0);
    const pDry = st.details[1] ?? (st.type === 1 ? (st.confidence ?? 1) : 0);
    const pMixed = st.details[3] ?? (st.type === 3 ? (st.confidence ?? 1) : 0);
    scores.oiliness = binaryScore(Math.min(1, pOily + 0.5 * pMixed));
    scores.hydration = binaryScore(pDry);
  }

  // score_info, when the richer variant sends it, is the vendor's own 0-100 (higher healthier).
  if (isObject(result.score_info)) {
    const info = result.score_info;
    const fromInfo: [string, MetricKey][] = [
      ['acne_score', 'acne'],
      ['melanin_score', 'dark_spots'],
      ['blackhead_score', 'blackheads'],
      ['pores_score', 'pores'],
      ['dark_circle_score', 'dark_circles'],
      ['wrinkle_score', 'fine_lines'],
      ['oily_intensity_score', 'oiliness'],
      ['water_score', 'hydration'],
      ['rough_score', 'texture'],
      ['sensitivity_score', 'sensitivity'],
    ];
    for (const [field, metric] of fromInfo) {
      const v = toNumber(info[field]);
      if (v != null) scores[metric] = Math.round(Math.min(100, Math.max(0, v)));
    }
  }

  return {
    scores,
    skinType: st && FACEPP_SKIN_TYPES[st.type] ? FACEPP_SKIN_TYPES[st.type]! : null,
    skinTypeConfidence: st?.confidence ?? null,
  };
}

function readSkinType(
  result: Record<string, unknown>,
): { type: number; confidence: number | null; details: Partial<Record<number, number>> } | null {
  // Documented table: skin_type: { skin_type, details }; documented sample: skin_type: n, details beside it.
  let type: number | null = null;
  let detailsRaw: unknown = result.details;
  if (isObject(result.skin_type)) {
    type = toNumber(result.skin_type.skin_type);
    detailsRaw = result.skin_type.details;
  } else {
    type = toNumber(result.skin_type);
  }
  if (type == null || !(type in FACEPP_SKIN_TYPES)) return null;
  const details: Partial<Record<number, number>> = {};
  const entries: [string, unknown][] = Array.isArray(detailsRaw)
    ? detailsRaw.map((d, i) => [String(i), d])
    : isObject(detailsRaw)
      ? Object.entries(detailsRaw)
      : [];
  // Each details entry's confidence is that type's probability (they sum to about 1); value marks the winner.
  for (const [k, d] of entries) {
    const c = isObject(d) ? toNumber(d.confidence) : null;
    if (c != null) details[Number(k)] = clamp01(c);
  }
  const typeConfidence = details[type] ?? null;
  return { type, confidence: typeConfidence, details };
}

/** Probability that a {value, confidence} field reports the feature as present. */
function hasProbability(field: unknown): number | null {
  if (!isObject(field) || !('value' in field)) return null;
  const value = toNumber(field.value);
  if (value == null) return null;
  const confidence = toNumber(field.confidence);
  const c = confidence == null ? 1 : clamp01(confidence);
  return value > 0 ? c : 1 - c;
}

function boxCount(field: unknown): number | null {
  if (!isObject(field) || !Array.isArray(field.rectangle)) return null;
  return field.rectangle.length;
}

function readRect(v: unknown): ExternalSkinResult['faceRectangle'] {
  if (!isObject(v)) return null;
  const [top, left, width, height] = [v.top, v.left, v.width, v.height].map(toNumber);
  if (top == null || left == null || width == null || height == null) return null;
  return { top, left, width, height };
}

function toNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
