import { QuizResult, type SubmitQuizBody } from '@lumiskin/contract/quiz';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { timeZoneHeaders } from '@/lib/platform/time-zone';
import { quizKeys } from './time-zone';

export async function submitQuiz(body: SubmitQuizBody) {
  return QuizResult.parse(
    await api.post<unknown>('/quiz/submit', body, { headers: timeZoneHeaders() }),
  );
}

/** POST /api/quiz/submit; afterwards the hub's stats, progress and daily state are stale. */
export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuiz,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.all }),
  });
}
