import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ConsentStatus } from '@lumiskin/contract/scan';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CreatedUser } from '../../../../test/factories';
import { ImageError, prepareImage } from '../image';
import { analyses, analysisPhotos } from '../schema';

/** What the scan route tests share: the test portrait, request bodies, and a few calls. */
export const FACE = fs.readFileSync(path.join(import.meta.dirname, 'astronaut-face.jpg'));
export const dataUrl = (bytes: Buffer, type = 'image/jpeg') =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** Why prepareImage refuses `bytes` (its ImageError reason), or 'decoded'. */
export async function refusal(bytes: Buffer): Promise<string> {
  try {
    await prepareImage(bytes);
    return 'decoded';
  } catch (error) {
    return error instanceof ImageError ? error.reason : String(error);
  }
}

/** A multipart body as a browser would send it. */
export async function multipart(
  fields: Record<string, string | string[]>,
  files: Array<{ name: string; bytes: Buffer; filename?: string; type?: string }>,
) {
  const form = new FormData();
  for (const file of files) {
    form.append(
      file.name,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
      file.filename ?? 'photo.jpg',
    );
  }
  for (const [key, value] of Object.entries(fields))
    for (const v of [value].flat()) form.append(key, v);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** A PNG whose header claims width × height pixels, with no image data at all (a "bomb" header). */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const idat = zlib.deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Consent, a JSON scan and the rows stored, on the app `current()` returns. */
export function scanKit(current: () => FastifyInstance) {
  async function consent(user: CreatedUser) {
    const res = await current().inject({
      method: 'POST',
      url: '/api/analysis/consent',
      headers: user.headers,
      payload: { accepted: true },
    });
    expect(res.statusCode).toBe(200);
    return res.json<ConsentStatus>();
  }

  function scanJson(user: CreatedUser, payload: Record<string, unknown>) {
    return current().inject({
      method: 'POST',
      url: '/api/analysis/scan',
      headers: user.headers,
      payload,
    });
  }

  async function countStored(userId: string) {
    const db = current().db;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyses)
      .where(eq(analyses.userId, userId));
    const [photos] = await db.select({ n: sql<number>`count(*)::int` }).from(analysisPhotos);
    return { analyses: row?.n ?? -1, photos: photos?.n ?? -1 };
  }

  return { consent, scanJson, countStored };
}
