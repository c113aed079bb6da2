import { QuizSession } from '@lumiskin/contract/quiz';
import { api } from '@/lib/api/api-client';
import { timeZoneHeaders } from '@/lib/platform/time-zone';

/** GET /api/quiz/category/{id}: every call is a fresh draw, recorded on the server. */
export async function getCategoryQuiz(categoryId: string) {
  return QuizSession.parse(
    await api.get<unknown>(`/quiz/category/${encodeURIComponent(categoryId)}`, {
      headers: timeZoneHeaders(),
    }),
  );
}
