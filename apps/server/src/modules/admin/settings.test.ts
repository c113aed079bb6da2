import { AuditList } from '@lumiskin/contract/admin';
import {
  AdminSettings,
  DEFAULT_SETTINGS,
  SiteSettings,
  SettingsMessages,
} from '@lumiskin/contract/settings';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { buildTestApp } from '../../../test/helper';

let app: FastifyInstance;
let admin: CreatedUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await createUser(app, { role: 'admin', name: 'Ada Admin' });
});
afterAll(() => app.close());

const publicSettings = async () =>
  SiteSettings.parse((await app.inject({ method: 'GET', url: '/api/settings' })).json());
const save = (payload: object, who: CreatedUser = admin) =>
  app.inject({ method: 'PUT', url: '/api/admin/settings', headers: who.headers, payload });
const settingAudit = async () =>
  AuditList.parse(
    (
      await app.inject({
        method: 'GET',
        url: '/api/admin/audit?entity=setting&page_size=100',
        headers: admin.headers,
      })
    ).json(),
  ).entries;

describe('site settings', () => {
  it('start at their defaults, readable by anyone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(SiteSettings.parse(res.json())).toEqual(DEFAULT_SETTINGS);
  });

  it('an admin sets the banner: everyone sees it at once; one audit entry per changed key', async () => {
    await publicSettings(); // cached now, as on a running server
    const res = await save({ announcement: '  Free delivery this week  ', signups_open: true });
    const saved = AdminSettings.parse(res.json());
    expect(saved.announcement).toBe('Free delivery this week');
    expect(saved.changes.announcement).toMatchObject({ updated_by: 'Ada Admin' });
    // signups_open was already true: no change, no row, no entry.
    expect(saved.changes.signups_open).toBeUndefined();
    expect((await publicSettings()).announcement).toBe('Free delivery this week');
    expect(await settingAudit()).toEqual([
      expect.objectContaining({
        action: 'setting.update',
        entity_id: 'announcement',
        actor_name: 'Ada Admin',
        before: { announcement: '' },
        after: { announcement: 'Free delivery this week' },
      }),
    ]);
    await save({ announcement: '' });
    expect((await publicSettings()).announcement).toBe('');
  });

  it('refuses bad input and changes nothing; only admins may change or read them here', async () => {
    const before = await publicSettings();
    for (const bad of [
      { announcement: 'x'.repeat(281) },
      { signups_open: 'no' },
      {},
      { unknown_key: true },
    ]) {
      const res = await save(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const moderator = await createUser(app, { role: 'moderator' });
    expect((await save({ scans_open: false }, moderator)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/settings', headers: moderator.headers }))
        .statusCode,
    ).toBe(403);
    expect(await publicSettings()).toEqual(before);
  });

  it('closed sign-ups refuse registration with a sentence; existing accounts still sign in', async () => {
    await save({ signups_open: false });
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'New Person',
        email: 'new.person@example.test',
        password: 'a-good-password',
        confirmPassword: 'a-good-password',
      },
    });
    expect(register.statusCode).toBe(403);
    expect(register.json()).toEqual({
      detail: SettingsMessages.signupsClosed,
      code: 'signups_closed',
    });
    const member = await createUser(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.user.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);

    await save({ signups_open: true });
    const reopened = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'New Person',
        email: 'new.person@example.test',
        password: 'a-good-password',
        confirmPassword: 'a-good-password',
      },
    });
    expect(reopened.statusCode).toBe(201);
  });

  it('paused scans are refused before the photo is read; history stays readable', async () => {
    const member = await createUser(app);
    await save({ scans_open: false });
    const scan = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan',
      headers: member.headers,
      payload: { image_data: 'not even a photo' },
    });
    expect(scan.statusCode).toBe(503);
    expect(scan.json()).toMatchObject({
      detail: SettingsMessages.scansPaused,
      code: 'scans_paused',
    });
    const history = await app.inject({
      method: 'GET',
      url: '/api/analysis/history',
      headers: member.headers,
    });
    expect(history.statusCode).toBe(200);
    await save({ scans_open: true });
    const open = await app.inject({
      method: 'POST',
      url: '/api/analysis/scan',
      headers: member.headers,
      payload: { image_data: 'not even a photo' },
    });
    expect(open.statusCode).not.toBe(503);
  });

  it('are cached per process and dropped on an admin change; a bad stored value falls back to its default', async () => {
    await publicSettings();
    // A write behind the app's back is not seen until the cache is dropped...
    await app.db.execute(
      sql`insert into settings (key, value) values ('announcement', '"Behind your back"')
          on conflict (key) do update set value = excluded.value`,
    );
    expect((await publicSettings()).announcement).toBe('');
    // ...which any admin change does.
    await save({ scans_open: false });
    expect((await publicSettings()).announcement).toBe('Behind your back');
    await save({ scans_open: true });

    await app.db.execute(sql`update settings set value = '12' where key = 'announcement'`);
    await app.settings.invalidate();
    expect((await publicSettings()).announcement).toBe('');
  });
});
