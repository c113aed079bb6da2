import {
  checkMix,
  checkMixAdd,
  isMixComplete,
  MIX_MAX_ITEMS,
  maxQuantityOf,
  mixItemCount,
  mixTotalPence,
  type MixRefusal,
} from '@lumiskin/contract/mix';
import type { MixItem, MixItemInput, MixResponse } from '@lumiskin/contract/shop';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findProducts } from '../shop/repository';
// Aliased: the functions above name their resolved products `products`.
import { products as productTable } from '../shop/schema';
import { mixItems } from './schema';

export function toMixResponse(items: MixItem[], skipped?: string[]): MixResponse {
  const lines = items.map((item) => ({
    ...item,
    type: item.product.type,
    price_pence: item.product.price_pence,
  }));
  return {
    items,
    count: mixItemCount(lines),
    total_pence: mixTotalPence(lines),
    complete: isMixComplete(lines),
    ...(skipped && { skipped }),
  };
}

async function readItems(db: Db, userId: string): Promise<MixItemInput[]> {
  return db
    .select({ product_id: mixItems.productId, quantity: mixItems.quantity })
    .from(mixItems)
    .where(eq(mixItems.userId, userId))
    .orderBy(asc(mixItems.addedAt), asc(mixItems.productId));
}

async function withProducts(db: Db, items: MixItemInput[]): Promise<MixItem[]> {
  const products = await findProducts(
    db,
    items.map((item) => item.product_id),
  );
  return items.flatMap((item) => {
    const product = products.get(item.product_id);
    return product ? [{ product_id: item.product_id, quantity: item.quantity, product }] : [];
  });
}

export async function getMix(db: Db, userId: string): Promise<MixResponse> {
  return toMixResponse(await withProducts(db, await readItems(db, userId)));
}

export type MixProblem =
  { kind: 'unknown'; productId: string } | { kind: 'rule'; refusal: MixRefusal };

/** Resolves the products of a mix and checks the rule; returns the first problem, if any. */
export async function checkMixItems(
  db: Db,
  items: MixItemInput[],
): Promise<MixProblem | MixItem[]> {
  const resolved = await withProducts(db, items);
  const missing = items.find((item) => !resolved.some((r) => r.product_id === item.product_id));
  if (missing) return { kind: 'unknown', productId: missing.product_id };
  const refusal = checkMix(
    resolved.map((item) => ({ type: item.product.type, quantity: item.quantity })),
  );
  if (refusal) return { kind: 'rule', refusal };
  return resolved;
}

/**
 * One writer per user at a time: concurrent PUTs, merges and orders (modules/orders) of the same
 * account queue on an advisory lock (keyed by the user id) instead of interleaving their writes.
 */
export async function lockMix(tx: Db, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mix:${userId}`}, 0))`);
}

async function writeItems(tx: Db, userId: string, items: MixItemInput[]) {
  await tx.delete(mixItems).where(eq(mixItems.userId, userId));
  if (items.length === 0) return;
  // Keep the order people added things in: added_at grows with the position.
  const base = Date.now();
  await tx.insert(mixItems).values(
    items.map((item, index) => ({
      userId,
      productId: item.product_id,
      quantity: item.quantity,
      addedAt: new Date(base + index),
    })),
  );
}

/** Replaces the mix with already checked items (see checkMixItems). */
export async function replaceMix(db: Db, userId: string, items: MixItem[]): Promise<MixResponse> {
  await db.transaction(async (tx) => {
    await lockMix(tx, userId);
    await writeItems(tx, userId, items);
  });
  return getMix(db, userId);
}

/**
 * Adds a visitor's mix (kept in the browser) to the account's. Products already in the account's
 * mix keep the larger quantity (so merging twice changes nothing); new ones are added in order
 * while the rule allows; the rest, and unknown ids, come back in `skipped`.
 */
export async function mergeMix(
  db: Db,
  userId: string,
  incoming: MixItemInput[],
): Promise<MixResponse> {
  const skipped: string[] = [];
  await db.transaction(async (tx) => {
    await lockMix(tx, userId);
    const current = await withProducts(tx, await readItems(tx, userId));
    const products = await findProducts(
      tx,
      incoming.map((item) => item.product_id),
    );
    const merged = [...current];
    for (const item of incoming) {
      const product = products.get(item.product_id);
      const existing = merged.findIndex((line) => line.product_id === item.product_id);
      if (!product) {
        skipped.push(item.product_id);
      } else if (existing >= 0) {
        const line = merged[existing]!;
        merged[existing] = {
          ...line,
          quantity: Math.min(
            Math.max(line.quantity, item.quantity),
            maxQuantityOf(line.product.type),
          ),
        };
      } else if (
        merged.length < MIX_MAX_ITEMS &&
        !checkMixAdd(
          merged.map((line) => ({ product_id: line.product_id, type: line.product.type })),
          product,
        )
      ) {
        merged.push({
          product_id: item.product_id,
          quantity: Math.min(item.quantity, maxQuantityOf(product.type)),
          product,
        });
      } else {
        skipped.push(item.product_id);
      }
    }
    await writeItems(tx, userId, merged);
  });
  return { ...(await getMix(db, userId)), skipped };
}

/** The mix for the account export, with each product's name and type; explicit columns. */
export async function exportForUser(db: Db, userId: string) {
  return db
    .select({
      user_id: mixItems.userId,
      product_id: mixItems.productId,
      quantity: mixItems.quantity,
      added_at: mixItems.addedAt,
      product_name: productTable.name,
      product_type: productTable.type,
    })
    .from(mixItems)
    .innerJoin(productTable, eq(productTable.id, mixItems.productId))
    .where(eq(mixItems.userId, userId))
    .orderBy(asc(mixItems.addedAt), asc(mixItems.productId));
}
