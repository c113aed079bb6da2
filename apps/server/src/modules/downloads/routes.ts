import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '@lumiskin/contract/errors';
import { AppDownloadInfo } from '@lumiskin/contract/download';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apkInfoReader, findApk } from './apk';

/** The app download: what is on offer (GET /api/app/download). */
export const downloadInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = app.config.downloadsDir ?? path.resolve('downloads');
  const readInfo = apkInfoReader(dir, app.config.version);
  app.get(
    '/download',
    {
      schema: {
        tags: ['app'],
        summary: 'Whether a built Android app is available, with its version, size and SHA-256',
        response: { 200: AppDownloadInfo },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readInfo();
    },
  );
};

/**
 * The APK itself at /downloads/lumiskin.apk (docs/product-rules.md#download-and-install: "downloads a file from the site's downloads
 * path"). One fixed file name, so no path from the request ever reaches the file system.
 */
export const apkFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = app.config.downloadsDir ?? path.resolve('downloads');
  app.get(
    '/downloads/lumiskin.apk',
    {
      schema: {
        tags: ['app'],
        summary: 'The Android app (APK), when one has been built and placed on the server',
        response: { 200: z.any().describe('The APK bytes'), 404: ApiError },
      },
    },
    async (_request, reply) => {
      const apk = await findApk(dir);
      if (!apk)
        return reply.code(404).send({
          detail: 'The Android app has not been published on this server yet.',
          code: 'not_found',
        });
      return reply
        .header('content-type', 'application/vnd.android.package-archive')
        .header('content-length', String(apk.size))
        .header('content-disposition', 'attachment; filename="lumiskin.apk"')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(apk.file));
    },
  );
};
