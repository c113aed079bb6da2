import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { readOutbox } from '../mail/mailer';
import { sessions } from './schema';

/* "New sign-in to your Lumiskin account" (decision 184). */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ appUrl: 'https://glow.example' });
});
afterAll(() => app.close());

const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_CHROME_NEWER = ANDROID_CHROME.replace('131.0.0.0', '132.0.6834.79');

const SUBJECT = 'New sign-in to your Lumiskin account';
const alerts = async (email: string) =>
  (await readOutbox(app.db, email)).filter((mail) => mail.subject === SUBJECT);

async function signIn(email: string, password: string, agent: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': agent },
    payload: { email, password },
  });
  expect(res.statusCode).toBe(200);
}

describe('a sign-in from a new kind of device', () => {
  it('is mailed once, with the device and the way to sign it out; the same kind again is not', async () => {
    const person = await createUser(app, { emailConfirmed: true });
    await app.db
      .update(sessions)
      .set({ userAgent: ANDROID_CHROME })
      .where(eq(sessions.userId, person.user.id));

    // The phone again, a newer Chrome: the same kind of device, no mail.
    await signIn(person.user.email, person.password, ANDROID_CHROME_NEWER);
    expect(await alerts(person.user.email)).toHaveLength(0);

    await signIn(person.user.email, person.password, WINDOWS_EDGE);
    const [mail, ...more] = await alerts(person.user.email);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('Edge on Windows, ');
    expect(mail?.text).toContain('https://glow.example/profile');
    expect(mail?.text).toContain('Where you’re signed in');
    // Nothing the signer sent but the device's kind: no agent string, no address.
    expect(mail?.text).not.toContain('Mozilla');
    expect(mail?.text).not.toMatch(/127\.0\.0\.1|localhost/);

    await signIn(person.user.email, person.password, WINDOWS_EDGE);
    expect(await alerts(person.user.email)).toHaveLength(1);
  });

  it('is not mailed to an address not yet proved, nor for an account’s first session', async () => {
    const unproved = await createUser(app, { emailConfirmed: false });
    await signIn(unproved.user.email, unproved.password, WINDOWS_EDGE);
    expect(await alerts(unproved.user.email)).toHaveLength(0);

    const fresh = await createUser(app, { emailConfirmed: true });
    await app.db.delete(sessions).where(eq(sessions.userId, fresh.user.id));
    await signIn(fresh.user.email, fresh.password, WINDOWS_EDGE);
    expect(await alerts(fresh.user.email)).toHaveLength(0);
  });

  it('a wrong password mails nothing', async () => {
    const person = await createUser(app, { emailConfirmed: true });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': WINDOWS_EDGE },
      payload: { email: person.user.email, password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(await alerts(person.user.email)).toHaveLength(0);
  });
});
