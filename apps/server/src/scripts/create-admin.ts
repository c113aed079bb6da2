// `npm run create-admin -- --email you@example.com --password '...' [--name 'Your Name']`
// Creates the account as admin, or promotes an existing one (and sets its password).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { upsertAdmin } from '../modules/auth/repository';
import { closeForScript, openForScript } from './cli-env';

const Args = z.object({
  email: z.email({ error: '--email must be an email address' }),
  password: z
    .string({ error: '--password is required' })
    .min(8, '--password must be at least 8 characters'),
  name: z.string().trim().min(1).optional(),
});

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  strict: true,
});
const parsed = Args.safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join('\n'));
  console.error(
    "usage: npm run create-admin -- --email you@example.com --password '...' [--name 'Your Name']",
  );
  process.exit(1);
}

const opened = await openForScript();
try {
  const { created, user } = await upsertAdmin(opened.client.db, parsed.data);
  console.log(`${created ? 'Created' : 'Promoted'} admin ${user.email}`);
} finally {
  await closeForScript(opened);
}
