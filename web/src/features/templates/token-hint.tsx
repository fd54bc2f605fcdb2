import { Accordion, Code, Stack, Text } from '@mantine/core';
import { TEMPLATE_TOKENS } from '@domain/template-engine/index';

/**
 * The substitution tokens a template may use (Template editor). Each token sits
 * above its meaning and wraps, so the list reads whole on a 390 px phone instead of being cut.
 */
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
          <Stack gap="xs" component="dl" m={0} aria-label="Template tokens">
            {TEMPLATE_TOKENS.map((entry) => (
              <div key={entry.token}>
                <Text component="dt" size="sm">
                  <Code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {entry.token}
                  </Code>
                </Text>
                <Text
                  component="dd"
                  size="sm"
                  c="dimmed"
                  m={0}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {entry.meaning}
                </Text>
              </div>
            ))}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
