import { Readable } from 'node:stream';
import type { AccountExport } from '@lumiskin/contract/account';
import type { Db } from '../../db/client';
import {
  exportConsentsForUser,
  exportPhotosForUser,
  exportScansForUser,
  type PhotoExport,
} from '../analysis/repository';
import type { PhotoStorage } from '../analysis/photo-storage';
import { exportForUser as exportSessions } from '../auth/repository';
import type { UserRow } from '../auth/schema';
import { exportForUser as exportBlog } from '../blog/repository';
import { exportForUser as exportMail } from '../mail/mailer';
import { exportForUser as exportMix } from '../mix/repository';
import { exportForUser as exportNotifications } from '../notifications/repository';
import {
  exportAddressForUser as exportDeliveryAddress,
  exportForUser as exportOrders,
} from '../orders/repository';
import { exportForUser as exportQuiz } from '../quiz/queries';
import { exportForUser as exportRoutine } from '../routine/repository';
import { exportForUser as exportFavourites } from '../shop/repository';
import { toAccount } from './repository';

type Chunks = AsyncGenerator<string, void, undefined>;
type Rows = PromiseLike<Iterable<object>> | AsyncIterable<object>;
/** Every list of the document; a section added to the contract fails the typecheck here. */
type Section = Exclude<keyof AccountExport, 'format' | 'exported_at' | 'user'>;

/** Photo bytes per chunk: a multiple of 3, so the base64 pieces join into one valid string. */
const PHOTO_CHUNK_BYTES = 3 * 16 * 1024;
/** What the stream reads ahead of a slow client, in bytes. */
const STREAM_HIGH_WATER_MARK = 64 * 1024;

const json = JSON.stringify;

async function* rows(source: Rows): Chunks {
  yield '[';
  let separator = '';
  for await (const row of await source) {
    yield separator + json(row);
    separator = ',';
  }
  yield ']';
}

/** Each photo as `{ analysis_id, content_type, width, height, created_at, data_base64 }`. */
async function* photos(source: AsyncIterable<PhotoExport>): Chunks {
  yield '[';
  let separator = '';
  for await (const { data, ...meta } of source) {
    // '{…,"data_base64":""}' without its closing '"}': the base64 is written into the open string.
    const head = json({ ...meta, data_base64: '' });
    yield separator + head.slice(0, -2);
    for (let at = 0; at < data.length; at += PHOTO_CHUNK_BYTES) {
      yield data.subarray(at, at + PHOTO_CHUNK_BYTES).toString('base64');
    }
    yield '"}';
    separator = ',';
  }
  yield ']';
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

/**
 * Everything held about a person (GDPR art. 15/20 access and portability) as the JSON text of an
 * `AccountExport`, in pieces. Each module exports its own rows with named columns, so a column
 * added later is not exported until someone lists it. Photos come through `storage` one at a time
 * and are base64-encoded as they are written; a section's query runs only when the reader gets
 * there. Left out on purpose: password and token hashes (secrets, not personal data) and outbox
 * mail (it holds reset links). See docs/decisions/017-streamed-account-export.md.
 */
export async function* accountExportChunks(
  deps: { db: Db; storage: PhotoStorage },
  user: UserRow,
  now: Date,
): Chunks {
  const { db, storage } = deps;
  const id = user.id;
  const routine = once(() => exportRoutine(db, id));
  const blog = once(() => exportBlog(db, id));
  const quiz = once(() => exportQuiz(db, id));
  const bell = once(() => exportNotifications(db, id));
  const sections: Record<Section, () => Chunks> = {
    scans: () => rows(exportScansForUser(db, id)),
    photos: () => photos(exportPhotosForUser(storage, id)),
    scan_consents: () => rows(exportConsentsForUser(db, id)),
    routine: () => rows(routine().then((r) => r.routine)),
    routine_history: () => rows(routine().then((r) => r.routine_history)),
    routine_check_offs: () => rows(routine().then((r) => r.routine_check_offs)),
    mix: () => rows(exportMix(db, id)),
    favourites: () => rows(exportFavourites(db, id)),
    liked_posts: () => rows(blog().then((b) => b.liked_posts)),
    saved_posts: () => rows(blog().then((b) => b.saved_posts)),
    viewed_posts: () => rows(blog().then((b) => b.viewed_posts)),
    quiz_attempts: () => rows(quiz().then((q) => q.quiz_attempts)),
    quiz_answers: () => rows(quiz().then((q) => q.quiz_answers)),
    quiz_badges: () => rows(quiz().then((q) => q.quiz_badges)),
    sessions: () => rows(exportSessions(db, id)),
    notifications: () => rows(bell().then((b) => b.notifications)),
    push_devices: () => rows(bell().then((b) => b.push_devices)),
    orders: () => rows(exportOrders(db, id)),
    delivery_address: () => rows(exportDeliveryAddress(db, id)),
    emails: () => rows(exportMail(db, id)),
  };
  const format: AccountExport['format'] = 'lumiskin-export/1';
  yield `{"format":${json(format)},"exported_at":${json(now.toISOString())},"user":${json(toAccount(user))}`;
  for (const [key, section] of Object.entries(sections)) {
    yield `,${json(key)}:`;
    yield* section();
  }
  yield '}';
}

/**
 * The export as a byte stream with backpressure: the next piece (and the next photo) is produced
 * only when the client has taken the previous ones, so memory stays at about one photo.
 */
export function accountExportStream(
  deps: { db: Db; storage: PhotoStorage },
  user: UserRow,
  now: Date,
): Readable {
  return Readable.from(accountExportChunks(deps, user, now), {
    objectMode: false,
    highWaterMark: STREAM_HIGH_WATER_MARK,
  });
}
