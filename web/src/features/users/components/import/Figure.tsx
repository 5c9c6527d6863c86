import { Stack, Text } from '@mantine/core';

export function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" data-testid={`figure-${label}`}>
        {value}
      </Text>
    </Stack>
  );
}
