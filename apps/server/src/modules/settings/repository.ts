import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  SiteSettings,
  type AdminSettings,
  type SettingKey,
} from '@lumiskin/contract/settings';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings, type SettingRow } from './schema';

const isKey = (key: string): key is SettingKey => (SETTING_KEYS as string[]).includes(key);

/**
 * The settings with their defaults filled in. A stored value the contract no longer accepts (an
 * old shape, a hand edit) falls back to the default rather than breaking every page.
 */
export function toSettings(rows: SettingRow[]): SiteSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!isKey(row.key)) continue;
    const parsed = SiteSettings.shape[row.key].safeParse(row.value);
    if (parsed.success) merged[row.key] = parsed.data;
  }
  return merged as SiteSettings;
}

export async function readSettingRows(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
): Promise<SettingRow[]> {
  return db.select().from(settings);
}

export async function readSettings(db: Db): Promise<SiteSettings> {
  return toSettings(await readSettingRows(db));
}

export function toAdminSettings(rows: SettingRow[]): AdminSettings {
  return {
    ...toSettings(rows),
    changes: Object.fromEntries(
      rows
        .filter((row) => isKey(row.key))
        .map((row) => [
          row.key,
          { updated_at: row.updatedAt.toISOString(), updated_by: row.updatedByName },
        ]),
    ),
  };
}

/** Writes one key (insert or replace), stamped with who and when. */
export async function writeSetting(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  key: SettingKey,
  value: unknown,
  actor: { id: string; name: string },
): Promise<void> {
  const now = new Date();
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now, updatedBy: actor.id, updatedByName: actor.name })
    .onConflictDoUpdate({
      target: settings.key,
      set: {
        value: sql`excluded.value`,
        updatedAt: now,
        updatedBy: actor.id,
        updatedByName: actor.name,
      },
    });
}
