import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/queryClient';
import { AppThemeProvider } from './AppThemeProvider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <Notifications position="top-right" limit={5} />
        {children}
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
