import {
  AdminQuizBank,
  type AdminQuizQuestion,
  type QuizQuestionBody,
} from '@lumiskin/contract/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/admin/quiz: categories and one page of questions of a category. */
export const quizBankQueryOptions = (categoryId: string) =>
  queryOptions({
    queryKey: ['admin', 'quiz', categoryId] as const,
    queryFn: async ({ signal }) =>
      AdminQuizBank.parse(
        await api.get<unknown>(
          `/admin/quiz?page_size=100${categoryId ? `&category_id=${encodeURIComponent(categoryId)}` : ''}`,
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });

export const useQuizBank = (categoryId: string) => useQuery(quizBankQueryOptions(categoryId));

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: QuizQuestionBody }) =>
      id
        ? api.put<AdminQuizQuestion>(`/admin/quiz/questions/${encodeURIComponent(id)}`, body)
        : api.post<AdminQuizQuestion>('/admin/quiz/questions', body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: quizBankQueryOptions('').queryKey.slice(0, 2) }),
  });
}
