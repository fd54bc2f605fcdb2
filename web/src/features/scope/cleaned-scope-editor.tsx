import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { CleanedScope } from '@domain/scope.schemas';

/**
 * The 'AI-Formatted Scope' card. Everything stays editable: a contractor will want to fix a word
 * before a homeowner reads it.
 */
export function CleanedScopeEditor(props: {
  scope: CleanedScope;
  engine: 'ollama' | 'rules' | 'fallback' | null;
  onChange: (scope: CleanedScope) => void;
}) {
  const { scope, onChange } = props;
  const setBullet = (index: number, text: string) =>
    onChange({
      ...scope,
      bullets: scope.bullets.map((bullet, at) => (at === index ? text : bullet)),
    });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="cleaned-scope-title">
      <Group justify="space-between" mb="xs">
        <Text fw={700} id="cleaned-scope-title">
          AI-Formatted Scope
        </Text>
        {props.engine === 'rules' && (
          <Badge variant="light" color="gray">
            Formatted by built-in rules
          </Badge>
        )}
      </Group>
      <Stack gap="sm">
        <Textarea
          label="Summary"
          autosize
          minRows={2}
          value={scope.paragraph}
          onChange={(event) => onChange({ ...scope, paragraph: event.currentTarget.value })}
        />
        <Text size="sm" fw={500}>
          Work items
        </Text>
        {scope.bullets.map((bullet, index) => (
          <Group key={index} gap="xs" wrap="nowrap">
            <Textarea
              autosize
              minRows={1}
              aria-label={`Work item ${index + 1}`}
              value={bullet}
              onChange={(event) => setBullet(index, event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove work item ${index + 1}`}
              onClick={() =>
                onChange({ ...scope, bullets: scope.bullets.filter((_, at) => at !== index) })
              }
            >
              <IconX size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange({ ...scope, bullets: [...scope.bullets, ''] })}
          style={{ alignSelf: 'flex-start' }}
        >
          Add work item
        </Button>
      </Stack>
    </Card>
  );
}
