import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { BASES, BOOSTERS } from '@lumiskin/skin-advice';
import { loadFormulationCatalogue } from './formulations';
import { products } from './schema';
import { productsSeeder } from './seed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  await productsSeeder.run(app.db, () => {});
});
afterAll(() => app.close());

describe('the formulation catalogue in the database', () => {
  it('reads back exactly the seeded bases and boosters, in catalogue order', async () => {
    const catalogue = await loadFormulationCatalogue(app.db);
    expect(catalogue.bases).toEqual(BASES);
    expect(catalogue.boosters).toEqual(BOOSTERS);
  });

  it('is cached per process: a change reaches scans after invalidate()', async () => {
    const before = await app.catalogue.get();
    expect(await app.catalogue.get()).toBe(before);
    await app.db
      .update(products)
      .set({ name: 'AquaHydra Plus' })
      .where(eq(products.id, 'aquahydra'));
    expect((await app.catalogue.get()).base('aquahydra').name).toBe('AquaHydra');
    await app.catalogue.invalidate();
    expect((await app.catalogue.get()).base('aquahydra').name).toBe('AquaHydra Plus');
  });

  it('refuses a base or booster row without its ingredient flags', async () => {
    await app.db
      .update(products)
      .set({ formulationFlags: null })
      .where(eq(products.id, 'renewlift'));
    await expect(loadFormulationCatalogue(app.db)).rejects.toThrow();
    await productsSeeder.run(app.db, () => {});
  });
});
