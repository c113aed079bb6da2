import { AdminArticleList, type AdminArticle, type ArticleBody } from '@lumiskin/contract/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** GET /api/admin/articles: drafts, scheduled and published. */
export const adminArticlesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'articles'] as const,
    queryFn: async ({ signal }) =>
      AdminArticleList.parse(await api.get<unknown>('/admin/articles', { signal })).articles,
  });

export const useAdminArticles = () => useQuery(adminArticlesQueryOptions());

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ArticleBody }) =>
      id
        ? api.put<AdminArticle>(`/admin/articles/${encodeURIComponent(id)}`, body)
        : api.post<AdminArticle>('/admin/articles', body),
    // /learn's cached lists too: the change shows at once.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** POST /api/admin/articles/preview: the public page's own sanitiser renders the Markdown. */
export const previewMarkdown = (content: string, signal?: AbortSignal) =>
  api.post<{ html: string }>('/admin/articles/preview', { content }, { signal });
