import { fileURLToPath } from 'node:url';

/**
 * The face the journeys scan: the engine's test portrait inside the repository (NASA portrait of
 * Eileen Collins, public domain; packages/skin-engine/test/fixtures/SOURCE.md), so a clone needs
 * nothing outside itself.
 */
export const FACE = fileURLToPath(
  new URL('../../packages/skin-engine/test/fixtures/astronaut-face.jpg', import.meta.url),
);

/** The same portrait as a HEIC (apps/server/src/modules/analysis/test-fixtures/README.md). */
export const FACE_HEIC = fileURLToPath(
  new URL(
    '../../apps/server/src/modules/analysis/test-fixtures/astronaut-face.heic',
    import.meta.url,
  ),
);
