import { AccountMessages, AccountSessionList } from '@lumiskin/contract/account';
import { AuthResponse } from '@lumiskin/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';
import { sessions } from '../auth/schema';

/* Where the account is signed in, and signing devices out (decision 182). */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A second device of `person`: signs in with `agent`, gives its bearer headers. */
async function signIn(person: CreatedUser, agent: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': agent },
    payload: { email: person.user.email, password: person.password },
  });
  return { authorization: `Bearer ${AuthResponse.parse(res.json()).access_token}` };
}
const list = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/users/me/sessions', headers });
const signOut = (headers: Record<string, string>, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/users/me/sessions/${id}`, headers });
const isSignedIn = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode === 200;

describe('GET /api/users/me/sessions', () => {
  it('lists the live sessions, this one first, with a device label and nothing secret', async () => {
    const person = await createUser(app);
    const phone = await signIn(person, ANDROID_CHROME);
    const iphone = await signIn(person, IPHONE_SAFARI);
    await signIn(person, 'curl/8.5.0');
    // One signed out and one expired are not listed.
    const gone = await signIn(person, ANDROID_CHROME);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: gone });
    const expired = await signIn(person, IPHONE_SAFARI);
    const listed = AccountSessionList.parse((await list(expired)).json()).sessions;
    const expiredId = listed.find((s) => s.current)!.id;
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expiredId));

    const res = await list(phone);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const found = AccountSessionList.parse(res.json()).sessions;
    expect(found.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Android', true],
      // The others by last use, newest first: the one createUser made ('vitest') is the oldest.
      ['Unknown device', false],
      ['Safari on iPhone', false],
      ['Unknown device', false],
    ]);
    expect(found.map((s) => s.id)).not.toContain(expiredId);
    expect(res.body).not.toMatch(/Mozilla|curl|vitest|token|hash/i);
    expect(AccountSessionList.parse((await list(iphone)).json()).sessions[0]).toMatchObject({
      device: 'Safari on iPhone',
      current: true,
    });
  });

  it('needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/me/sessions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('signing devices out', () => {
  it('signs one device out: its token stops working, the others keep theirs', async () => {
    const person = await createUser(app);
    const phone = await signIn(person, ANDROID_CHROME);
    const laptop = await signIn(person, IPHONE_SAFARI);
    const phoneId = AccountSessionList.parse((await list(phone)).json()).sessions[0]!.id;

    const res = await signOut(laptop, phoneId);
    expect(res.statusCode).toBe(204);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect(await isSignedIn(person.headers)).toBe(true);
    const again = await signOut(laptop, phoneId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: AccountMessages.sessionNotFound, code: 'not_found' });
  });

  it("cannot touch someone else's session: a 404, and it stays signed in", async () => {
    const owner = await createUser(app);
    const intruder = await createUser(app);
    const ownerId = AccountSessionList.parse((await list(owner.headers)).json()).sessions[0]!.id;

    const res = await signOut(intruder.headers, ownerId);
    expect(res.statusCode).toBe(404);
    expect(await isSignedIn(owner.headers)).toBe(true);
    expect((await signOut(intruder.headers, 'not-a-uuid')).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/users/me/sessions/${ownerId}`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('signs out every other device and keeps this one', async () => {
    const person = await createUser(app);
    const phone = await signIn(person, ANDROID_CHROME);
    const tablet = await signIn(person, IPHONE_SAFARI);
    const other = await createUser(app);

    const res = await app.inject({
      method: 'POST',
      url: '/api/users/me/sessions/sign-out-others',
      headers: phone,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_out: 2 });
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(tablet)).toBe(false);
    expect(await isSignedIn(person.headers)).toBe(false);
    expect(await isSignedIn(other.headers)).toBe(true);
    const left = AccountSessionList.parse((await list(phone)).json()).sessions;
    expect(left).toHaveLength(1);
    const none = await app.inject({
      method: 'POST',
      url: '/api/users/me/sessions/sign-out-others',
      headers: phone,
    });
    expect(none.json()).toEqual({ signed_out: 0 });
  });

  it('signing this device out is signing out', async () => {
    const person = await createUser(app);
    const mine = AccountSessionList.parse((await list(person.headers)).json()).sessions[0]!;
    expect(mine.current).toBe(true);
    expect((await signOut(person.headers, mine.id)).statusCode).toBe(204);
    expect(await isSignedIn(person.headers)).toBe(false);
  });
});
