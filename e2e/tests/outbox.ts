import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

/**
 * The mail the e2e server "sent": with no SMTP_URL it writes mail to the mail_outbox table of its
 * embedded database (NODE_ENV=production here, so there is no /dev/mail page). Connects the way
 * `npm run create-admin` finds a running server's cluster: port from pg/postmaster.pid, password
 * from pg-password in DATA_DIR.
 */
function clusterUrl(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const lines = fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${lines[3]?.trim()}/lumiskin`;
}

export interface OutboxMail {
  subject: string;
  text: string;
}

/** Mail to `to`, newest first. */
export async function mailTo(to: string): Promise<OutboxMail[]> {
  const sql = postgres(clusterUrl(), { max: 1, onnotice: () => {} });
  try {
    return await sql<OutboxMail[]>`
      select subject, text from mail_outbox where lower("to") = ${to.toLowerCase()}
      order by created_at desc`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The path and query of the first link in the newest mail to `to` whose subject matches. */
export async function linkInMail(to: string, subject: RegExp): Promise<string> {
  const mail = (await mailTo(to)).find((m) => subject.test(m.subject));
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail matching ${subject} with a link to ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
