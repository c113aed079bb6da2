import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * The queries a server-rendered page arrived with, and when their data was written. The server
 * renders every page as a visitor (docs/decisions/013), so as long as a query still holds exactly
 * that data it is nobody's private data.
 */
const visitorData = new WeakMap<Query, number>();

/** Called right after hydrating the server's queries. */
export function rememberVisitorQueries(queryClient: QueryClient) {
  for (const query of queryClient.getQueryCache().getAll())
    visitorData.set(query, query.state.dataUpdatedAt);
}

/**
 * Drops every cached answer a session may have shaped, and keeps the server's visitor data: the
 * page being hydrated renders from it, and removing it mid-hydration makes React's HTML differ
 * from the server's (error #418) when a stale token is refused while a public page starts.
 */
export function removePrivateQueries(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (query) => visitorData.get(query) !== query.state.dataUpdatedAt,
  });
}
