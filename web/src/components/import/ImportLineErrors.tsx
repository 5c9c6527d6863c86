import { Table, Text } from '@mantine/core';

/** One line's error of an import check: its line, field and reasons. */
export interface ImportLineError {
  line: number;
  field?: string;
  messages: string[];
}

/**
 * The line errors of an import's check (users, trip registrations): line,
 * field and every reason, in file order. The caller names the columns in
 * its own texts.
 */
export function ImportLineErrors({ errors, labels }: { errors: ImportLineError[]; labels: { line: string; field: string; reason: string } }) {
  if (errors.length === 0) return null;
  return (
    <Table striped data-testid="import-errors">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={80}>{labels.line}</Table.Th>
          <Table.Th w={200}>{labels.field}</Table.Th>
          <Table.Th>{labels.reason}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {errors.map((error, index) => (
          <Table.Tr key={`${error.line}-${error.field}-${index}`}>
            <Table.Td>{error.line}</Table.Td>
            <Table.Td>{error.field || '—'}</Table.Td>
            <Table.Td>
              {error.messages.map((message) => (
                <Text size="sm" key={message}>
                  {message}
                </Text>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
