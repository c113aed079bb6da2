// `npm run fixture:device-result -w @lumiskin/server`: the engine's result for the scan test photo,
// decoded the way the server decodes photos, written as JSON for the on-device analysis tests
// (issue 32): the server's device.test.ts and the web's scan tests post it as a phone would.
// Run it again whenever the engine's methods change (the tests then refuse the old result: 409).
import fs from 'node:fs';
import path from 'node:path';
import { createSkinEngine } from '@lumiskin/skin-engine';
import { prepareImage } from '../modules/analysis/image';

const root = path.resolve(import.meta.dirname, '../../../..');
const photo = path.join(root, 'apps/server/src/modules/analysis/test-fixtures/astronaut-face.jpg');
const outputs = [
  'apps/server/src/modules/analysis/test-fixtures/device-result.json',
  'apps/web/src/features/scan/engine/test-fixtures/device-result.json',
];

const image = await prepareImage(fs.readFileSync(photo));
const engine = await createSkinEngine();
const outcome = await engine.analyze({
  image: {
    data: new Uint8Array(image.pixels),
    width: image.width,
    height: image.height,
    channels: 3,
  },
  ...(image.encoding ? { encoding: image.encoding } : {}),
  analysisType: 'quick',
  angle: 'front',
});
if (!outcome.ok) throw new Error(`the engine refused the test photo: ${outcome.code}`);
const fixture = { photo: { width: image.width, height: image.height }, result: outcome };
const json = `${JSON.stringify(fixture, null, 1)}\n`;
for (const out of outputs) fs.writeFileSync(path.join(root, out), json);
console.log(`${outputs.join(', ')}: ${Buffer.byteLength(JSON.stringify(fixture))} bytes`);
