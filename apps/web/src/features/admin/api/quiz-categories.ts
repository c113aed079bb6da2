import {
  AdminQuizCategory as AdminQuizCategorySchema,
  AdminQuizCategoryList,
  type CreateQuizCategoryBody,
  type UpdateQuizCategoryBody,
} from '@lumiskin/contract/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { quizBankQueryOptions } from '@/features/admin/api/quiz-bank';

/** GET /api/admin/quiz/categories: every category in display order, hidden ones included. */
export const quizCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'quiz-categories'] as const,
    queryFn: async ({ signal }) =>
      AdminQuizCategoryList.parse(await api.get<unknown>('/admin/quiz/categories', { signal }))
        .categories,
  });

export const useQuizCategories = () => useQuery(quizCategoriesQueryOptions());

export type CategoryWrite =
  | { kind: 'create'; body: CreateQuizCategoryBody }
  | { kind: 'update'; id: string; body: UpdateQuizCategoryBody }
  | { kind: 'order'; ids: string[] };

/** Every write refreshes this list and the quiz bank's category picker; no optimistic copy. */
export function useCategoryWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: CategoryWrite) => {
      switch (write.kind) {
        case 'create':
          return AdminQuizCategorySchema.parse(
            await api.post<unknown>('/admin/quiz/categories', write.body),
          );
        case 'update':
          return AdminQuizCategorySchema.parse(
            await api.patch<unknown>(
              `/admin/quiz/categories/${encodeURIComponent(write.id)}`,
              write.body,
            ),
          );
        case 'order':
          await api.put<unknown>('/admin/quiz/categories/order', { ids: write.ids });
          return null;
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quizCategoriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: quizBankQueryOptions('').queryKey.slice(0, 2) }),
      ]),
  });
}
