// `npm run photos:to-s3`: moves the photos kept in PostgreSQL into the S3 bucket of S3_BUCKET
// (docs/deploy.md). Safe to stop and run again; each photo leaves PostgreSQL once the bucket has it.
import { createPostgresPhotoStorage, movePhotos } from '../modules/analysis/photo-storage';
import { createS3PhotoStorage } from '../modules/analysis/photo-storage-s3';
import { appConfigFromEnv } from '../config';
import { closeForScript, openForScript } from './cli-env';

const opened = await openForScript();
const s3 = appConfigFromEnv(opened.env, 'script').photoStorage;
if (!s3) {
  console.error('Set S3_BUCKET (and the other S3_* variables) to say where the photos go.');
  await closeForScript(opened);
  process.exit(1);
}
const from = createPostgresPhotoStorage(opened.client.db);
const to = await createS3PhotoStorage(s3);
try {
  await to.check();
  const moved = await movePhotos(from, to, (n) => {
    if (n % 100 === 0) console.log(`${n} photos moved`);
  });
  console.log(`${moved} photos moved to s3://${s3.bucket}/${s3.keyPrefix}`);
} finally {
  await to.close();
  await closeForScript(opened);
}
