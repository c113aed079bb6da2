// `npm run create-admin -- --email you@example.com [--name 'Your Name'] [--promote-existing]`, then
// type the password. Creates the account as admin, or sets an existing admin's password. An
// existing non-admin account (perhaps registered by someone else first) is promoted only with
// --promote-existing: its password is replaced, its sessions revoked, the promotion audited.
// The password comes from stdin (or ADMIN_PASSWORD), not the command line: npm echoes the command
// line of a script it runs, and shells keep it in their history.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AdminBootstrapRefused, bootstrapAdmin } from '../modules/auth/bootstrap-admin';
import { closeForScript, openForScript } from './cli-env';

const USAGE =
  "usage: npm run create-admin -- --email you@example.com [--name 'Your Name'] [--promote-existing] (the password is asked for, or read from ADMIN_PASSWORD)";

const Args = z.object({
  email: z.email({ error: '--email must be an email address' }),
  password: z
    .string({ error: 'a password is required' })
    .min(8, 'the password must be at least 8 characters'),
  name: z.string().trim().min(1).optional(),
  promoteExisting: z.boolean(),
});

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

async function readPassword(): Promise<string | undefined> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const isTerminal = Boolean(process.stdin.isTTY);
  if (isTerminal) process.stderr.write('Password (not shown): ');
  // On a terminal, readline echoes through `output`; a sink keeps what is typed off the screen.
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: sink, terminal: isTerminal });
  try {
    for await (const line of rl) return line;
    return undefined;
  } finally {
    rl.close();
    if (isTerminal) process.stderr.write('\n');
  }
}

let values: { email?: string; name?: string; 'promote-existing'?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'promote-existing': { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const parsed = Args.safeParse({
  email: values.email,
  name: values.name,
  promoteExisting: values['promote-existing'] === true,
  password: await readPassword(),
});
if (!parsed.success) fail(parsed.error.issues.map((i) => i.message).join('\n'));

try {
  const opened = await openForScript();
  try {
    const { outcome, user, revokedSessions } = await bootstrapAdmin(opened.client.db, {
      ...parsed.data,
      via: 'create-admin',
    });
    // The password is never printed.
    if (outcome === 'created') console.log(`Created admin ${user.email}`);
    else if (outcome === 'updated') console.log(`Updated admin ${user.email} (password set)`);
    else
      console.log(
        `Promoted ${user.email} to admin: password replaced, ${revokedSessions} session(s) ` +
          'revoked, recorded in the audit log',
      );
  } finally {
    await closeForScript(opened);
  }
} catch (error) {
  if (error instanceof AdminBootstrapRefused) {
    console.error(`create-admin refused: ${error.message}`);
    process.exit(1);
  }
  // One readable line, no stack (and nothing from the arguments: the password is among them).
  console.error(`create-admin failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
