import { QuizCategoryList } from '@lumiskin/contract/quiz';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { quizKeys } from './time-zone';

export async function getCategories() {
  return QuizCategoryList.parse(await api.get<unknown>('/quiz/categories'));
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: quizKeys.categories, queryFn: getCategories });

/** GET /api/quiz/categories */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
