import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppDownloadInfo } from '@lumiskin/contract/download';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';

let app: FastifyInstance;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-downloads-'));
  app = await buildTestApp({ downloadsDir: dir });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the Android app download', () => {
  it('says honestly that no APK is published, and the file route answers 404 JSON', async () => {
    const info = AppDownloadInfo.parse((await app.inject('/api/app/download')).json());
    expect(info.android.available).toBe(false);
    const file = await app.inject('/downloads/lumiskin.apk');
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ code: 'not_found' });
  });

  it('serves a placed APK with its size, version and SHA-256, as an attachment', async () => {
    const bytes = Buffer.from(`PK fake apk ${Date.now()}`);
    fs.writeFileSync(path.join(dir, 'lumiskin.apk'), bytes);
    fs.writeFileSync(path.join(dir, 'lumiskin.apk.json'), JSON.stringify({ version: '1.4.2' }));
    const info = AppDownloadInfo.parse((await app.inject('/api/app/download')).json());
    expect(info.android).toEqual({
      available: true,
      url: '/downloads/lumiskin.apk',
      version: '1.4.2',
      size_bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      updated_at: expect.any(String),
    });
    const file = await app.inject('/downloads/lumiskin.apk');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(file.headers['content-disposition']).toBe('attachment; filename="lumiskin.apk"');
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('a replaced APK gets a new checksum; paths other than the one file are not served', async () => {
    const next = Buffer.from('PK second build, longer than the first one');
    fs.writeFileSync(path.join(dir, 'lumiskin.apk'), next);
    const info = AppDownloadInfo.parse((await app.inject('/api/app/download')).json());
    expect(info.android.available && info.android.sha256).toBe(
      createHash('sha256').update(next).digest('hex'),
    );
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'not for download');
    for (const url of ['/downloads/secret.txt', '/downloads/../package.json', '/downloads/'])
      expect((await app.inject(url)).statusCode, url).not.toBe(200);
  });
});
