import { Accordion, Code, Table, Text } from '@mantine/core';
import { TEMPLATE_TOKENS } from '@domain/template-engine/index';

/** The substitution tokens a template may use (spec section 2, Template editor). */
export function TokenHint() {
  return (
    <Accordion variant="contained">
      <Accordion.Item value="tokens">
        <Accordion.Control>Tokens you can use, like {'{{client.name}}'}</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed" mb="xs">
            Values are always shown as plain text. Loops and conditions close with{' '}
            <Code>{'{{/each}}'}</Code> and <Code>{'{{/if}}'}</Code>.
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Tbody>
                {TEMPLATE_TOKENS.map((entry) => (
                  <Table.Tr key={entry.token}>
                    <Table.Td>
                      <Code>{entry.token}</Code>
                    </Table.Td>
                    <Table.Td>{entry.meaning}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
