import { defineConfig } from 'drizzle-kit';

// Each module owns its tables in src/modules/<name>/schema.ts; `npm run db:generate` writes
// the next migration into drizzle/ (committed, applied at start by src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
