import { describe, expect, it } from 'vitest';
import { humanConfig } from '../src/face/detector';
import { createNodeFaceDetector } from '../src/face/node-human';

/**
 * The engine loads only what the analysis needs (decision 113): BlazeFace and FaceMesh. Every
 * other model Human can run (iris, emotion, description, body, hands…) would be downloaded,
 * compiled and run on the person's device for nothing, and its file is not even served
 * (apps/web/vite/engine-assets.ts copies these two).
 */
describe("Human's configuration", () => {
  it('enables the face detector and the mesh, and nothing else', () => {
    const config = humanConfig({ wasmPath: '/w/', modelBasePath: '/m/' });
    const face = config.face as unknown as Record<string, { enabled?: boolean } | boolean>;
    const enabled = Object.entries(face)
      .filter(([, value]) => typeof value === 'object' && value.enabled === true)
      .map(([key]) => key)
      .sort();
    expect(enabled).toEqual(['detector', 'mesh']);
    for (const part of ['body', 'hand', 'object', 'gesture', 'segmentation', 'filter'] as const) {
      expect((config[part] as { enabled: boolean }).enabled, part).toBe(false);
    }
    // No warm-up of Human's own (its sample images run every enabled model); no model cache.
    expect(config.warmup).toBe('none');
    expect(config.cacheModels).toBe(false);
  });

  it('loads exactly two models', async () => {
    const detector = await createNodeFaceDetector();
    expect([...detector.models].sort()).toEqual(['blazeface', 'facemesh']);
  }, 60_000);
});
