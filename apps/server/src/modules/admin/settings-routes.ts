import { ApiError } from '@lumiskin/contract/errors';
import {
  AdminSettings,
  SETTING_KEYS,
  UpdateSettingsBody,
  type SettingKey,
} from '@lumiskin/contract/settings';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../http/auth';
import { readSettingRows, toAdminSettings, toSettings, writeSetting } from '../settings/repository';
import { audit } from './audit-repository';
import { lockSettings } from './repository';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };
const staff = { tags: ['admin'], security: [{ bearer: [] }] };

/**
 * Site settings (admin only, decision 032): every changed key is one audit entry, written in the
 * same transaction; the cache is dropped once it committed.
 */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      onRequest: requireRole('admin'),
      schema: {
        ...staff,
        summary: 'The site settings, with when and by whom each was last changed (admin only)',
        response: { 200: AdminSettings, ...errors },
      },
    },
    async () => toAdminSettings(await readSettingRows(app.db)),
  );

  app.put(
    '/settings',
    {
      onRequest: requireRole('admin'),
      schema: {
        ...staff,
        summary: 'Change one or more site settings (admin only; each change audited)',
        body: UpdateSettingsBody,
        response: { 200: AdminSettings, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      const actor = { id: user.id, name: user.name, role: user.role };
      const body = request.body;
      await app.db.transaction(async (tx) => {
        // Two admins saving at once leave two honest before/after pairs.
        await lockSettings(tx);
        const current = toSettings(await readSettingRows(tx));
        for (const key of SETTING_KEYS) {
          const next = body[key];
          if (next === undefined || isDeepStrictEqual(next, current[key])) continue;
          await writeSetting(tx, key, next, actor);
          await audit(tx, actor, {
            action: 'setting.update',
            entity: 'setting',
            entityId: key satisfies SettingKey,
            before: { [key]: current[key] },
            after: { [key]: next },
          });
        }
      });
      await app.settings.invalidate();
      return toAdminSettings(await readSettingRows(app.db));
    },
  );
};

export default settingsRoutes;
