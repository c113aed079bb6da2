// `npm run db:migrate`: applies pending migrations (the server also does this at every start).
import { closeForScript, openForScript } from './cli-env';

const opened = await openForScript();
console.log('migrations applied');
await closeForScript(opened);
