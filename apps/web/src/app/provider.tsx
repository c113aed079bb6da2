import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { shouldRetry } from '@/lib/api/api-client';
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
        retry: shouldRetry,
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
