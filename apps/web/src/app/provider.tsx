import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { ApiRequestError } from '@/lib/api/api-client';
import { ThemeProvider } from '@/lib/theme';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline, a query tries once and fails (showing what is cached, or an error) instead of
        // waiting for a connection with a spinner that never ends.
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: true,
        // 4xx answers do not get better by asking again.
        retry: (count, error) =>
          !(error instanceof ApiRequestError && error.status < 500) && count < 2,
      },
    },
  });
}

export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {children}
        <DeferredToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
