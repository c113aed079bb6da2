import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3PhotoStorageConfig } from '../src/modules/analysis/photo-storage-s3';

/** s3rver's one account: requests with another access key are refused (InvalidAccessKeyId). */
const ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  /** The storage config of the app pointing at this server. */
  config: S3PhotoStorageConfig;
  /** An SDK client of its own, to look into the bucket behind the app's back. */
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Stops the server, keeping its files (an outage); `start` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) in a child process on a loopback port, storing in a temp
 * directory, with an empty bucket: the photo storage's S3 tests run against it.
 */
export async function startS3Server(bucket = 'lumiskin-test'): Promise<S3TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-s3-'));
  let child: ChildProcess | null = null;
  let port = 0;

  async function start() {
    const process_ = spawn(
      process.execPath,
      [
        '--openssl-legacy-provider',
        '--import',
        'tsx',
        path.join(import.meta.dirname, 's3-server-process.ts'),
        JSON.stringify({ port, dir, bucket }),
      ],
      { cwd: path.join(import.meta.dirname, '..'), stdio: ['pipe', 'pipe', 'inherit'] },
    );
    child = process_;
    const lines = createInterface({ input: process_.stdout! });
    const first = await new Promise<string>((resolve, reject) => {
      process_.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
      lines.once('line', resolve);
    });
    port = (JSON.parse(first) as { port: number }).port;
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  await start();
  const config: S3PhotoStorageConfig = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
    keyPrefix: 'photos/',
  };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    config,
    client,
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    stop,
    start,
    async close() {
      client.destroy();
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
