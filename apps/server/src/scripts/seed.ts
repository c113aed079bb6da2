// `npm run db:seed`: runs every seeder (idempotent), also against a DATABASE_URL.
import { runSeeders } from '../seed';
import { closeForScript, openForScript } from './cli-env';

const opened = await openForScript();
try {
  await runSeeders(opened.client.db, console.log);
  console.log('seeding done');
} finally {
  await closeForScript(opened);
}
