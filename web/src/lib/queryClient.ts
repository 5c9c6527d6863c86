import { QueryClient } from '@tanstack/react-query';

// One client for the app, reachable from sign-out code outside React.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The API client already renews tokens and reports errors; a silent
      // automatic retry would only repeat the error notification.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
