import type { Seeder } from '../../db/seeder';
import { findUserByEmail, insertUser } from './repository';

/** The login page hints at these and the README lists them; keep all three in step. */
export const DEMO_USER = {
  name: 'Demo User',
  email: 'demo@lumiskin.app',
  password: 'glow-demo-2026',
} as const;

export const demoUserSeeder: Seeder = {
  name: 'demo-user',
  async run(db, log) {
    if (await findUserByEmail(db, DEMO_USER.email)) return;
    // The demo address is the app's own: it is seeded as confirmed, so the demo profile does not
    // ask to open a link no one can receive.
    await insertUser(db, { ...DEMO_USER, emailConfirmed: true });
    log(`created ${DEMO_USER.email}`);
  },
};
