import { z } from 'zod';
import './plain-errors';
import { AnalysisType, CaptureAngle, ScanConcern } from './analysis';
import { LIGHT_LIMITS } from './constants';

// The limits the engine reads live in ./constants (no zod), so the engine's worker carries no
// zod (decision 143); they are exported here too.
export {
  LIGHT_LIMITS,
  LIVE_ADVICE_CHECKS,
  LIVE_CHECKS,
  SCAN_MAX_PIXELS,
  SCAN_PHOTO_MAX_SIDE,
  type LiveCheckName,
} from './constants';

/**
 * What the scan screen sends (docs/product-rules.md#api: POST /analysis/scan and
 * /analysis/scan-upload), the limits it is held to, and the error vocabulary it reads back.
 */

/** Largest photo accepted, per image, before decoding (larger → 413). */
export const SCAN_MAX_BYTES = 10 * 1024 * 1024;
/**
 * PNG has no shrink-on-load: every pixel is decoded before the resize to SCAN_PHOTO_MAX_SIDE, so
 * it is held to 4096 × 4096 (2.56 × the analysed side each way; any screenshot or 12 MP export).
 * JPEG and WebP decode straight to about the analysed size and keep SCAN_MAX_PIXELS (issue 30,
 * decision 072).
 */
export const SCAN_MAX_FULL_DECODE_PIXELS = 4096 * 4096;
/**
 * HEIC is decoded in full too, in a worker thread of its own that ends with the decode (decision
 * 178): held to 25 MP, the 24 MP photos of recent iPhones' main camera (5712 × 4284) included.
 */
export const SCAN_MAX_HEIC_PIXELS = 25_000_000;
/** Content types the scan accepts (checked on the bytes, never the file name). */
export const SCAN_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
/** Extra angles of a multi-angle scan, in capture order (docs/product-rules.md#scan): left then right profile. */
export const EXTRA_ANGLES = ['left', 'right'] as const;
/** Scans per person per hour (the engine is the costly part of the API). */
export const SCAN_RATE_LIMIT_PER_HOUR = 20;

/** The scan screen's camera guidance: the face should fill 60-80% of the frame (docs/product-rules.md#scan). */
export const FACE_FILL_MIN = 0.6;
export const FACE_FILL_MAX = 0.8;
/** The same limits under the camera guidance's names ('dim' is the engine's dark-scene rule). */
export const CAMERA_LIGHT_LIMITS = {
  tooDark: LIGHT_LIMITS.minFaceLuma,
  dim: LIGHT_LIMITS.darkFaceLuma,
  darkScene: LIGHT_LIMITS.darkSceneP95,
  tooBright: LIGHT_LIMITS.maxFaceLuma,
} as const;

/** `code` values of scan failures; location codes are the spec's (docs/product-rules.md#errors-and-messages). */
export const ScanErrorCode = {
  locationRequired: 'location_required',
  locationNotFound: 'location_not_found',
  validation: 'validation_error',
  consentRequired: 'consent_required',
  consentOutdated: 'consent_outdated',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  busy: 'busy',
} as const;

/**
 * The engine's quality gate: why a photo was not scored (the engine returns the code; skin-advice's
 * `describeRefusal` writes the sentence a person reads).
 */
export const QUALITY_CODES = [
  'no_face',
  'multiple_faces',
  'face_cut_off',
  'face_too_small',
  'head_turned',
  'too_dark',
  'overexposed',
  'no_colour',
  'blurry',
] as const;
export type QualityCode = (typeof QUALITY_CODES)[number];

/**
 * `reason` of a validation_error: what was wrong with the photo. The engine's QUALITY_CODES plus
 * the checks made before it.
 */
export const IMAGE_REASONS = [
  'no_image',
  'not_an_image',
  'unsupported_type',
  'image_too_large',
  'unreadable_image',
] as const;

/** A scan failure: the usual `{detail, code}` plus what exactly failed. */
export const ScanError = z.object({
  detail: z.string(),
  code: z.string(),
  /** An IMAGE_REASONS value or the engine's quality code. */
  reason: z.string().optional(),
  /** Which photo of a multi-angle scan failed. */
  angle: CaptureAngle.optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ScanError = z.infer<typeof ScanError>;

/** Messages the scan screen shows (docs/product-rules.md#errors-and-messages), shared so web and server say the same thing. */
export const ScanMessages = {
  locationRequired:
    'Location is required for analysis. Please allow location access or enter your location manually.',
  locationNotFound: 'Location not found. Please enter a valid city name.',
  analysisFailed: 'Analysis failed. Please try again.',
  failedToAnalyze: 'Failed to analyse skin. Please try again.',
  cameraDenied: 'Camera access denied. Please use file upload instead.',
  cameraUnavailable: 'Camera not available in web environment',
  geolocationUnavailable: 'Geolocation not available',
  consentRequired: 'Please agree to how Lumiskin handles your photo before your first scan.',
  consentChanged:
    'How Lumiskin handles your photo has changed. Please read it and agree before your next scan.',
  consentOutdated:
    'That is not the current text of how Lumiskin handles your photo. Please read it again.',
  tooLarge: 'The photo is larger than 10 MB. Please choose a smaller one.',
  unsupportedType: 'Please use a JPEG, PNG, WebP or HEIC photo.',
  notAnImage: 'This file is not a photo we can read. Please use a JPEG, PNG, WebP or HEIC photo.',
  tooManyPixels: 'This photo is far too large in pixels. Please use a normal camera photo.',
  noImage: 'Please add a photo of your face.',
} as const;

/** An image as sent in JSON: a data URL (`data:image/jpeg;base64,...`) or bare base64. */
export const ImageData = z.string().trim().min(1, ScanMessages.noImage);

/** One extra angle: a bare image (order gives the angle) or the image with its angle. */
export const ExtraImage = z.union([
  ImageData,
  z.object({ image_data: ImageData, angle: CaptureAngle }),
]);
export type ExtraImage = z.infer<typeof ExtraImage>;

export const ScanBody = z.object({
  image_data: ImageData,
  /** 'City, CC' or a city name; required, but checked in the handler for the spec's error code. */
  location: z.string().max(200).optional(),
  analysis_type: AnalysisType.default('quick'),
  concerns: z.array(ScanConcern).max(8).default([]),
  /** Multi-angle mode: the left and right profiles (in that order unless angles are given). */
  images: z.array(ExtraImage).max(2).default([]),
});
export type ScanBody = z.input<typeof ScanBody>;

/**
 * Consent to photo processing, asked once before the first scan: the text's version when the
 * photo stays on this server. A server set up to use outside services asks for a version of its
 * own (this one, then `+` and a digest of the services: `consentVersionFor` on the server), so a
 * consent given before they were switched on, or changed, is asked for again.
 */
export const CONSENT_VERSION = '2025-01';

/** What an outside service receives: the photo (skin analysis), or the findings (the report's words). */
export const OUTSIDE_SERVICE_KINDS = ['skin_analysis', 'report_wording'] as const;
export const OutsideService = z.object({
  kind: z.enum(OUTSIDE_SERVICE_KINDS),
  /** The service's host name, as the person can look it up ("api-us.faceplusplus.com"). */
  host: z.string(),
});
export type OutsideService = z.infer<typeof OutsideService>;

export const ConsentStatus = z.object({
  /** Agreed to the current text (`version` is `current_version`). */
  consented: z.boolean(),
  /** ISO time the person agreed, null when they have not. */
  consented_at: z.string().nullable(),
  version: z.string().nullable(),
  /** The version the app asks for now; a different stored version means asking again. */
  current_version: z.string(),
  /** The outside services this server sends scan data to (empty: the photo stays here). */
  outside_services: z.array(OutsideService),
});
export type ConsentStatus = z.infer<typeof ConsentStatus>;

export const ConsentBody = z.object({
  /** Must be true: the person ticked the box. */
  accepted: z.literal(true, { error: 'Please tick the box to agree' }),
  /** The text's version the person read (the status's `current_version`); the current one if left out. */
  version: z.string().max(40).optional(),
});
export type ConsentBody = z.input<typeof ConsentBody>;

/** What the consent dialog says: the purpose, what is kept, how to delete. */
export const CONSENT_TEXT = {
  title: 'Before your first scan',
  purpose:
    'Lumiskin analyses your photo on this server to measure your skin and build your routine.',
  /** Said when no outside service is set up. */
  staysHere: 'Your photo and your results are not sent to anyone else.',
  outside: {
    skin_analysis: (host: string) =>
      `This server also sends your photo to an outside skin-analysis service (${host}) and combines its scores with ours.`,
    report_wording: (host: string) =>
      `Your scores and findings, without the photo, go to an outside writing service (${host}) that words your report.`,
  },
  kept: 'We keep the photo (re-saved without location or camera data, at most 1600 pixels), its scores, the place you entered and the time, so you can see your progress.',
  deletion: 'You can delete any scan, and its photo with it, from its analysis page at any time.',
} as const;

/** The consent's "Why we need it" in sentences: the purpose, then where the data goes. */
export function consentPurpose(services: readonly OutsideService[]): string[] {
  if (services.length === 0) return [CONSENT_TEXT.purpose, CONSENT_TEXT.staysHere];
  return [CONSENT_TEXT.purpose, ...services.map((s) => CONSENT_TEXT.outside[s.kind](s.host))];
}

/**
 * A queued scan (server in SCAN_MODE=queue): `POST /api/analysis/scan` and `/scan-upload` answer
 * 202 with this, and `GET /api/analysis/jobs/{job_id}` (the owner only) follows it until `done`,
 * when `analysis_id` names the stored analysis, or `failed`, when `error` says why (the same
 * `{detail, code, reason?, angle?}` an inline scan answers with).
 */
export const SCAN_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ScanJobStatus = z.enum(SCAN_JOB_STATUSES);
export type ScanJobStatus = z.infer<typeof ScanJobStatus>;

export const ScanJob = z.object({
  job_id: z.string(),
  status: ScanJobStatus,
  /** Where to poll: /api/analysis/jobs/{job_id}. */
  status_url: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** While queued: how many scans wait ahead of this one; otherwise null. */
  ahead: z.number().int().min(0).nullable(),
  /** Once done: the analysis (GET /api/analysis/{id}); null when it was deleted since. */
  analysis_id: z.string().nullable(),
  error: ScanError.nullable(),
});
export type ScanJob = z.infer<typeof ScanJob>;

export const ScanJobParams = z.object({ id: z.uuid({ error: 'Not found' }) });

/**
 * The live camera guidance (issue 32, decision 097): one short instruction at a time, named by
 * the live gate's check and code (packages/skin-engine/src/live.ts). Left and right are the
 * person's own, as in the mirrored preview.
 */
export const LiveGuidanceText = {
  starting: 'Starting camera…',
  no_face: 'Bring your face into the oval',
  multiple_faces: 'Just you, please: one face in the frame',
  face_too_small: 'Move a little closer',
  too_close: 'Move back a little',
  face_cut_off: 'Keep your whole face in the frame',
  move_left: 'Move a little to your left',
  move_right: 'Move a little to your right',
  move_up: 'Move up a little',
  move_down: 'Move down a little',
  head_turned: 'Look straight at the camera',
  head_turned_pitch: 'Keep your chin level',
  head_tilted: 'Keep your head straight',
  too_dark: 'Find more light: face a window or a lamp',
  overexposed: 'Too bright: step out of direct light',
  uneven_light: 'Turn so the light falls evenly on your face',
  warm_light: 'The light is very yellow: try daylight',
  cool_light: 'The light is very blue: try daylight',
  no_colour: 'The camera is in black and white: turn its filter off',
  blurry: 'Hold the camera steady so it can focus',
  moving: 'Hold still',
  ready: 'Perfect, hold still',
  capturing: 'Taking your photo…',
  autoOn: 'Auto-capture',
  autoHint: 'Takes the photo when everything looks right',
} as const;
export type LiveGuidanceKey = keyof typeof LiveGuidanceText;
