import { Text } from '@mantine/core';

/** Text shown where a list or a section has nothing to show. */
export function EmptyState({ message }: { message: string }) {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {message}
    </Text>
  );
}
