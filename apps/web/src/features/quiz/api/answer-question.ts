import { AnswerFeedback, type AnswerQuestionBody } from '@lumiskin/contract/quiz';
import { api } from '@/lib/api/api-client';
import { timeZoneHeaders } from '@/lib/platform/time-zone';

/** POST /api/quiz/answer: commits one answer (final) and answers right/wrong with the explanation. */
export async function answerQuestion(body: AnswerQuestionBody) {
  return AnswerFeedback.parse(
    await api.post<unknown>('/quiz/answer', body, { headers: timeZoneHeaders() }),
  );
}
