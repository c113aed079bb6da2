import { QuizSession } from '@lumiskin/contract/quiz';
import { api } from '@/lib/api/api-client';
import { timeZoneHeaders } from '@/lib/platform/time-zone';

/**
 * GET /api/quiz/daily-quiz: serves today's daily (the player only). The hub reads whether it is
 * done from the stats (`daily_completed_today`): asking for the quiz there started an attempt on
 * every visit and, after a play, logged a 400 each time.
 */
export async function getDailyQuiz() {
  return QuizSession.parse(
    await api.get<unknown>('/quiz/daily-quiz', { headers: timeZoneHeaders() }),
  );
}
