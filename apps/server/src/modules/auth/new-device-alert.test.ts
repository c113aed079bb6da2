import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { readOutbox } from '../mail/mailer';
import { notifications } from '../notifications/schema';
import { sessions } from './schema';

/* "New sign-in to your Lumiskin account": mailed (decision 184) and in the bell (decision 185). */
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
  return (res.json() as { access_token: string }).access_token;
}

/** The bell as its owner reads it (GET /api/notifications), sign-in alerts only. */
async function bell(token: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as {
    notifications: { kind: string; title: string; body: string; link: string }[];
  };
  return body.notifications.filter((item) => item.kind === 'new_sign_in');
}

/** A confirmed account signed in on an Android phone (its first session's agent). */
async function onAndroidPhone() {
  const person = await createUser(app, { emailConfirmed: true });
  await app.db
    .update(sessions)
    .set({ userAgent: ANDROID_CHROME })
    .where(eq(sessions.userId, person.user.id));
  return person;
}

describe('a sign-in from a new kind of device', () => {
  it('is mailed once, with the device and the way to sign it out; the same kind again is not', async () => {
    const person = await onAndroidPhone();

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

  it('is in the bell, read on the phone, with the device and a link to the devices list', async () => {
    const person = await onAndroidPhone();

    await signIn(person.user.email, person.password, ANDROID_CHROME_NEWER);
    expect(await bell(person.token)).toEqual([]);

    await signIn(person.user.email, person.password, WINDOWS_EDGE);
    expect(await bell(person.token)).toEqual([
      {
        id: expect.any(String),
        kind: 'new_sign_in',
        title: 'New sign-in: Edge on Windows',
        body: 'If this was not you, sign that device out here and change your password.',
        link: '/profile?tab=settings#devices',
        created_at: expect.any(String),
        read_at: null,
      },
    ]);
    const [mail] = await alerts(person.user.email);
    expect(mail?.text).toContain('https://glow.example/profile?tab=settings#devices');

    await signIn(person.user.email, person.password, WINDOWS_EDGE);
    expect(await bell(person.token)).toHaveLength(1);
  });

  it('is in the bell of an account whose address is not proved yet, which gets no mail', async () => {
    const unproved = await createUser(app, { emailConfirmed: false });
    await signIn(unproved.user.email, unproved.password, WINDOWS_EDGE);
    expect(await alerts(unproved.user.email)).toHaveLength(0);
    expect((await bell(unproved.token)).map((item) => item.title)).toEqual([
      'New sign-in: Edge on Windows',
    ]);
  });

  it('is neither mailed nor in the bell for an account’s first session', async () => {
    const fresh = await createUser(app, { emailConfirmed: true });
    await app.db.delete(sessions).where(eq(sessions.userId, fresh.user.id));
    const token = await signIn(fresh.user.email, fresh.password, WINDOWS_EDGE);
    expect(await alerts(fresh.user.email)).toHaveLength(0);
    expect(await bell(token)).toEqual([]);
  });

  it('a wrong password tells nothing', async () => {
    const person = await createUser(app, { emailConfirmed: true });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': WINDOWS_EDGE },
      payload: { email: person.user.email, password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(await alerts(person.user.email)).toHaveLength(0);
    expect(
      await app.db.select().from(notifications).where(eq(notifications.userId, person.user.id)),
    ).toEqual([]);
  });
});
