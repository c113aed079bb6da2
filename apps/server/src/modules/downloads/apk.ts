import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppDownloadInfo } from '@lumiskin/contract/download';
import { ANDROID_APK_PATH } from '@lumiskin/contract/download';
import { z } from 'zod';

export const APK_FILE = 'lumiskin.apk';
/** Optional sidecar with the build's version: `{"version": "1.2.0"}`. */
export const APK_META_FILE = 'lumiskin.apk.json';

const ApkMeta = z.object({ version: z.string().trim().min(1).max(40) });

export interface ApkFile {
  file: string;
  size: number;
  mtimeMs: number;
}

/** The APK in `dir` if one is there (a regular file, not empty), else null. */
export async function findApk(dir: string): Promise<ApkFile | null> {
  const file = path.join(dir, APK_FILE);
  try {
    const stat = await fs.promises.stat(file);
    if (!stat.isFile() || stat.size === 0) return null;
    return { file, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch {
    return null;
  }
}

/**
 * Describes the APK for the download page. The SHA-256 (so people can check what they install) is
 * computed once per file version (size and modification time) and kept.
 */
export function apkInfoReader(dir: string, appVersion: string) {
  let cached: { key: string; info: AppDownloadInfo } | null = null;
  return async (): Promise<AppDownloadInfo> => {
    const apk = await findApk(dir);
    if (!apk) return { android: { available: false } };
    const key = `${apk.size}:${apk.mtimeMs}`;
    if (cached?.key === key) return cached.info;
    const hash = createHash('sha256');
    await pipeline(fs.createReadStream(apk.file), hash);
    let version = appVersion;
    try {
      const meta = ApkMeta.safeParse(
        JSON.parse(await fs.promises.readFile(path.join(dir, APK_META_FILE), 'utf8')),
      );
      if (meta.success) version = meta.data.version;
    } catch {
      // No sidecar (or not JSON): the server's own version describes the build.
    }
    const info: AppDownloadInfo = {
      android: {
        available: true,
        url: ANDROID_APK_PATH,
        version,
        size_bytes: apk.size,
        sha256: hash.digest('hex'),
        updated_at: new Date(apk.mtimeMs).toISOString(),
      },
    };
    cached = { key, info };
    return info;
  };
}
