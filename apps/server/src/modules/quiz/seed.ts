import { notInArray, sql } from 'drizzle-orm';
import { QUIZ_CATEGORIES, QUIZ_QUESTIONS } from '../../content/quiz-bank';
import type { Seeder } from '../../seed';
import { quizCategories, quizQuestions } from './schema';

/**
 * The question bank is content, not demo data: it is upserted at every start so corrections in
 * quiz-bank.ts reach the database, and questions dropped from the bank are retired (attempts
 * that served them still read them).
 */
export const quizBankSeeder: Seeder = {
  name: 'quiz-bank',
  async run(db, log) {
    await db.transaction(async (tx) => {
      await tx
        .insert(quizCategories)
        .values(
          QUIZ_CATEGORIES.map((c, position) => ({
            id: c.id,
            name: c.name,
            icon: c.icon,
            color: c.color,
            description: c.description,
            estimatedTime: c.estimated_time,
            badgeReward: c.badge_reward,
            position,
          })),
        )
        .onConflictDoUpdate({
          target: quizCategories.id,
          set: {
            name: sql`excluded.name`,
            icon: sql`excluded.icon`,
            color: sql`excluded.color`,
            description: sql`excluded.description`,
            estimatedTime: sql`excluded.estimated_time`,
            badgeReward: sql`excluded.badge_reward`,
            position: sql`excluded.position`,
          },
        });
      await tx
        .insert(quizQuestions)
        .values(
          QUIZ_QUESTIONS.map((q) => ({
            id: q.id,
            categoryId: q.category_id,
            questionText: q.question_text,
            options: [...q.options],
            correctAnswer: q.correct_answer,
            explanation: q.explanation,
            difficulty: q.difficulty,
            points: q.points,
            imageUrl: q.image_url ?? null,
            tags: q.tags,
            active: true,
          })),
        )
        .onConflictDoUpdate({
          target: quizQuestions.id,
          set: {
            categoryId: sql`excluded.category_id`,
            questionText: sql`excluded.question_text`,
            options: sql`excluded.options`,
            correctAnswer: sql`excluded.correct_answer`,
            explanation: sql`excluded.explanation`,
            difficulty: sql`excluded.difficulty`,
            points: sql`excluded.points`,
            imageUrl: sql`excluded.image_url`,
            tags: sql`excluded.tags`,
            active: sql`true`,
          },
        });
      await tx
        .update(quizQuestions)
        .set({ active: false })
        .where(
          notInArray(
            quizQuestions.id,
            QUIZ_QUESTIONS.map((q) => q.id),
          ),
        );
    });
    log(`${QUIZ_CATEGORIES.length} categories, ${QUIZ_QUESTIONS.length} questions`);
  },
};
