import type { RegionKey } from '@lumiskin/contract/analysis';

/**
 * Index sets of the 468-point MediaPipe face mesh (Kartynnik et al. 2019, "Real-time Facial
 * Surface Geometry from Monocular Video on Mobile GPUs"), as returned by @vladmandic/human.
 * Names follow the subject: "right" is the person's right, i.e. the image's left side in an
 * unmirrored photo. The named rings (eyeLower1..3, eyebrowUpper, silhouette) are MediaPipe's
 * `MESH_ANNOTATIONS`.
 */

export const SILHOUETTE = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148,
  176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
] as const;

export const RIGHT_EYE = [
  33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246,
] as const;
export const LEFT_EYE = [
  263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466,
] as const;
export const LIPS_OUTER = [
  61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185,
] as const;
/** Inner lip ring (MediaPipe lipsUpperInner then lipsLowerInner reversed): the open mouth. */
export const INNER_MOUTH = [
  78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95,
] as const;
export const RIGHT_BROW = [70, 63, 105, 66, 107, 55, 65, 52, 53, 46] as const;
export const LEFT_BROW = [300, 293, 334, 296, 336, 285, 295, 282, 283, 276] as const;

/** Measurement zones. Under-eye = between the 1st and 3rd ring below the lower lid. */
export const REGION_POLYGONS: Record<RegionKey, ReadonlyArray<ReadonlyArray<number>>> = {
  forehead: [
    [54, 103, 67, 109, 10, 338, 297, 332, 284, 300, 293, 334, 296, 336, 9, 107, 66, 105, 63, 70],
  ],
  right_cheek: [[143, 111, 117, 118, 119, 120, 100, 142, 203, 206, 216, 207, 187, 147, 123, 116]],
  left_cheek: [[372, 340, 346, 347, 348, 349, 329, 371, 423, 426, 436, 427, 411, 376, 352, 345]],
  nose: [[168, 465, 343, 437, 420, 360, 279, 1, 49, 131, 198, 217, 114, 245]],
  chin: [[106, 182, 83, 18, 313, 406, 335, 424, 431, 395, 369, 396, 175, 171, 140, 170, 211, 204]],
  under_eyes: [
    [130, 25, 110, 24, 23, 22, 26, 112, 243, 245, 128, 121, 120, 119, 118, 117, 111, 143],
    [359, 255, 339, 254, 253, 252, 256, 341, 463, 465, 357, 350, 349, 348, 347, 346, 340, 372],
  ],
};

/**
 * Skin where acne is common but no measurement zone lies: the lower cheek and the jawline beside
 * the mouth and the chin, down to the face's outline (decision 157). Inflammatory lesions are
 * looked for there and counted with the cheek's acne (per area of both); no other metric reads it.
 */
export const LESION_EXTENSIONS: Partial<Record<RegionKey, ReadonlyArray<ReadonlyArray<number>>>> = {
  right_cheek: [
    [
      216, 207, 187, 147, 177, 215, 58, 172, 136, 150, 149, 176, 140, 170, 211, 204, 106, 43, 57,
      212,
    ],
  ],
  left_cheek: [
    [
      436, 427, 411, 376, 401, 435, 288, 397, 365, 379, 378, 400, 369, 395, 431, 424, 335, 273, 287,
      432,
    ],
  ],
};

/** Zones never measured as skin even when they fall inside a region polygon. */
export const EXCLUDED_POLYGONS = [RIGHT_EYE, LEFT_EYE, LIPS_OUTER] as const;

export const NOSE_TIP = 1;
export const FOREHEAD_TOP = 10;
export const CHIN_BOTTOM = 152;
