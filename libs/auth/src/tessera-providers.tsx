import { ThemeModeProvider } from '@tessera/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AccessProvider } from './access-provider';
import { AuthProvider } from './auth-provider';
import { InstitutionProvider } from './institution-provider';

export function createTesseraQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

/**
 * The provider stack every Tessera page runs in: query cache, theme, session, institution,
 * access. The shell mounts it once; a remote's standalone page mounts the same stack, so a
 * module behaves alike inside and outside the shell.
 */
export function TesseraProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createTesseraQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeModeProvider>
        <AuthProvider>
          <InstitutionProvider>
            <AccessProvider>{children}</AccessProvider>
          </InstitutionProvider>
        </AuthProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
