import type {
  AdminQuizCategory,
  AdminQuizQuestion,
  CreateQuizCategoryBody,
  QuizQuestionBody,
} from '@lumiskin/contract/admin';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { quizCategories, quizQuestions, type QuizCategoryRow } from '../quiz/schema';
import type { Executor } from '../../db/client';

type QuestionRow = typeof quizQuestions.$inferSelect;

export function toQuestion(row: QuestionRow): AdminQuizQuestion {
  return {
    id: row.id,
    category_id: row.categoryId,
    question_text: row.questionText,
    options: row.options.map((text) => ({ text, correct: text === row.correctAnswer })),
    explanation: row.explanation,
    difficulty: row.difficulty,
    points: row.points,
    tags: row.tags,
    active: row.active,
  };
}

export function questionValues(body: z.infer<typeof QuizQuestionBody>) {
  return {
    categoryId: body.category_id,
    questionText: body.question_text,
    options: body.options.map((o) => o.text),
    // The schema checked that exactly one option is marked correct.
    correctAnswer: body.options.find((o) => o.correct)!.text,
    explanation: body.explanation,
    difficulty: body.difficulty,
    points: body.points,
    tags: body.tags,
    active: body.active,
  };
}

export function toCategory(row: QuizCategoryRow, questionCount: number): AdminQuizCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    color: row.color,
    estimated_time: row.estimatedTime,
    badge_reward: row.badgeReward,
    position: row.position,
    hidden: row.hidden,
    question_count: questionCount,
  };
}

/** What the audit log keeps of a category (the count is not the category's own). */
export const categorySnapshot = (row: QuizCategoryRow) => {
  const { question_count: _count, ...rest } = toCategory(row, 0);
  return rest;
};

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: quizCategories.id })
    .from(quizCategories)
    .where(eq(quizCategories.id, id))
    .limit(1);
  return row !== undefined;
}

/** Categories with their active questions counted: one (by id) or all, in the players' order. */
const categoriesWithCounts = (db: Db, id?: string) =>
  db
    .select({ category: quizCategories, n: sql<number>`count(${quizQuestions.id})::int` })
    .from(quizCategories)
    .leftJoin(
      quizQuestions,
      and(eq(quizQuestions.categoryId, quizCategories.id), eq(quizQuestions.active, true)),
    )
    .where(id === undefined ? undefined : eq(quizCategories.id, id))
    .groupBy(quizCategories.id)
    .orderBy(asc(quizCategories.position), asc(quizCategories.id));

export async function categoryWithCount(db: Db, id: string): Promise<AdminQuizCategory | null> {
  const [row] = await categoriesWithCounts(db, id);
  return row ? toCategory(row.category, row.n) : null;
}

export async function listCategories(db: Db): Promise<AdminQuizCategory[]> {
  return (await categoriesWithCounts(db)).map((r) => toCategory(r.category, r.n));
}

/** Adds a category last in the order; undefined when the id is taken. */
export async function insertCategory(
  tx: Executor,
  b: z.infer<typeof CreateQuizCategoryBody>,
): Promise<QuizCategoryRow | undefined> {
  const [last] = await tx
    .select({ max: sql<number | null>`max(${quizCategories.position})` })
    .from(quizCategories);
  const [created] = await tx
    .insert(quizCategories)
    .values({
      id: b.id,
      name: b.name,
      description: b.description,
      icon: b.icon,
      color: b.color.toLowerCase(),
      estimatedTime: b.estimated_time,
      badgeReward: b.badge_reward,
      hidden: b.hidden,
      position: (last?.max ?? -1) + 1,
    })
    .onConflictDoNothing({ target: quizCategories.id })
    .returning();
  return created;
}

/**
 * Every category's id in the current order, locked until the transaction ends: two reorders at
 * once, the second waits and checks against the first's result.
 */
export async function lockCategoryOrder(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: quizCategories.id, position: quizCategories.position })
    .from(quizCategories)
    .orderBy(asc(quizCategories.position), asc(quizCategories.id))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setCategoryPosition(tx: Executor, id: string, position: number) {
  await tx.update(quizCategories).set({ position }).where(eq(quizCategories.id, id));
}

/** One category, locked until the transaction ends. */
export async function lockCategory(tx: Executor, id: string): Promise<QuizCategoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(quizCategories)
    .where(eq(quizCategories.id, id))
    .for('update');
  return row;
}

export async function updateCategory(
  tx: Executor,
  id: string,
  set: Partial<typeof quizCategories.$inferInsert>,
): Promise<QuizCategoryRow | undefined> {
  const [row] = await tx
    .update(quizCategories)
    .set(set)
    .where(eq(quizCategories.id, id))
    .returning();
  return row;
}

/** Every category (id and name, in order) and one page of questions, optionally of one category. */
export async function questionPage(
  db: Db,
  query: { category_id?: string | undefined; page: number; page_size: number },
) {
  const { category_id, page, page_size } = query;
  const where = category_id ? eq(quizQuestions.categoryId, category_id) : undefined;
  const [categories, rows, [total]] = await Promise.all([
    db
      .select({ id: quizCategories.id, name: quizCategories.name })
      .from(quizCategories)
      .orderBy(asc(quizCategories.position)),
    db
      .select()
      .from(quizQuestions)
      .where(where)
      .orderBy(asc(quizQuestions.categoryId), asc(quizQuestions.id))
      .limit(page_size)
      .offset((page - 1) * page_size),
    db.select({ n: count() }).from(quizQuestions).where(where),
  ]);
  return { categories, questions: rows.map(toQuestion), total: total?.n ?? 0 };
}

export async function findQuestion(db: Db, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(quizQuestions).where(eq(quizQuestions.id, id)).limit(1);
  return row;
}

/** Inserts a question (no `id`) or replaces one; the row as written. */
export async function writeQuestion(
  tx: Executor,
  id: string | null,
  values: ReturnType<typeof questionValues>,
): Promise<QuestionRow> {
  const [row] = id
    ? await tx.update(quizQuestions).set(values).where(eq(quizQuestions.id, id)).returning()
    : await tx
        .insert(quizQuestions)
        .values({ id: `admin-${crypto.randomUUID()}`, ...values })
        .returning();
  return row!;
}
