import { Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { LEGAL_DISCLAIMER } from '@domain/legal-disclaimer';

/** The acknowledgment's text, in a box that scrolls on a phone. */
export function LegalDisclaimerText() {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="disclaimer-title">
      <Title order={2} size="h4" id="disclaimer-title" mb="sm">
        {LEGAL_DISCLAIMER.title}
      </Title>
      <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
        <Stack gap="sm">
          {LEGAL_DISCLAIMER.paragraphs.map((paragraph) => (
            <Text key={paragraph.slice(0, 40)} size="sm">
              {paragraph}
            </Text>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
