import { and, notInArray, notLike } from 'drizzle-orm';
import { QUIZ_CATEGORIES, QUIZ_QUESTIONS } from '../../content/quiz-bank';
import type { Seeder } from '../../db/seeder';
import { quizCategories, quizQuestions } from './schema';

/**
 * The question bank is content, not demo data: an empty database gets the whole bank and a deploy
 * adds new built-in questions by id, but rows edited in the admin area are never overwritten
 * (decision 025). Built-in questions dropped from the file are retired (attempts that served them
 * still read them).
 */
export const quizBankSeeder: Seeder = {
  name: 'quiz-bank',
  content: { categories: QUIZ_CATEGORIES, questions: QUIZ_QUESTIONS },
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
        .onConflictDoNothing({ target: quizCategories.id });
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
        .onConflictDoNothing({ target: quizQuestions.id });
      await tx
        .update(quizQuestions)
        .set({ active: false })
        .where(
          and(
            notInArray(
              quizQuestions.id,
              QUIZ_QUESTIONS.map((q) => q.id),
            ),
            // Questions written in the admin area are not the file's to retire.
            notLike(quizQuestions.id, 'admin-%'),
          ),
        );
    });
    log(`${QUIZ_CATEGORIES.length} categories, ${QUIZ_QUESTIONS.length} questions`);
  },
};
