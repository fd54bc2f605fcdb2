import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clientFallbackScope, type CleanedScope } from '@domain/scope.schemas';
import { useOnline } from '../../lib/connection';
import { whenSettled } from '../../lib/when-settled';
import { showToast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { CleanedScopeEditor } from './cleaned-scope-editor';
import { NoteChip } from './note-chip';
import { ScopeNotesInput } from './scope-notes-input';
import { useSpeechRecognition } from './use-speech-recognition';
import classes from './scope-capture.module.css';

export interface ScopeState {
  snippets: string[];
  cleaned: CleanedScope | null;
  engine: 'ollama' | 'rules' | 'fallback' | null;
}

/** Scope-notes capture widget: voice or typed notes, then the AI cleanup. */
export function ScopeCapture(props: {
  value: ScopeState;
  /** Takes an updater: voice results can arrive faster than React re-renders. */
  onChange: (update: (previous: ScopeState) => ScopeState) => void;
}) {
  const { value, onChange } = props;
  const addSnippet = (text: string) =>
    onChange((previous) => ({ ...previous, snippets: [...previous.snippets, text] }));
  const speech = useSpeechRecognition({
    onUtterance: addSnippet,
    onError: () =>
      showToast({
        title: 'Voice recognition error',
        message: 'Please try again or type your notes manually',
        error: true,
      }),
    onUnsupported: () =>
      showToast({
        title: 'Voice recognition not supported',
        message: 'Please use a supported browser like Chrome',
        error: true,
      }),
  });
  const online = useOnline();
  // Issue 40: without a connection the built-in rules tidy the notes on the phone (the same rules
  // the server falls back to), loaded only when first needed.
  const [cleaningHere, setCleaningHere] = useState(false);
  // Fetched while there is a connection, so the rules are on the phone when the signal goes;
  // after the wizard's first screen is drawn, not beside it.
  useEffect(
    () => whenSettled(() => void import('@domain/scope-rules/index').catch(() => undefined)),
    [],
  );
  const cleanOnPhone = async () => {
    setCleaningHere(true);
    try {
      const { cleanScopeWithRules } = await import('@domain/scope-rules/index');
      onChange((previous) => ({
        ...previous,
        cleaned: cleanScopeWithRules(previous.snippets),
        engine: 'rules',
      }));
      showToast({
        title: 'Scope cleaned up on this phone',
        message: 'No connection: the built-in rules formatted your notes',
      });
    } finally {
      setCleaningHere(false);
    }
  };
  const cleanup = useMutation(
    trpc.scope.clean.mutationOptions({
      onSuccess: ({ engine, ...cleaned }) => {
        onChange((previous) => ({ ...previous, cleaned, engine }));
        showToast({
          title: 'Scope cleaned up!',
          message: 'AI has formatted your notes into a professional scope',
        });
      },
      onError: () => {
        onChange((previous) => ({
          ...previous,
          cleaned: clientFallbackScope(previous.snippets),
          engine: 'fallback',
        }));
        showToast({ title: 'Cleanup failed', message: 'Using fallback formatting', error: true });
      },
    }),
  );

  return (
    <Stack gap="md">
      <Button
        size="xl"
        h={88}
        radius="lg"
        color={speech.recording ? 'red' : 'blue'}
        variant={speech.recording ? 'filled' : 'light'}
        className={speech.recording ? classes.recording : undefined}
        leftSection={
          speech.recording ? <IconPlayerStopFilled aria-hidden /> : <IconMicrophone aria-hidden />
        }
        onClick={speech.toggle}
        aria-pressed={speech.recording}
        aria-describedby={online ? undefined : 'voice-needs-connection'}
        disabled={!online && !speech.recording}
        fullWidth
      >
        <Text span fw={600} size="md" style={{ whiteSpace: 'normal' }}>
          {speech.recording ? 'Recording... Speak your scope notes' : 'Tap to start recording'}
        </Text>
      </Button>

      {!online && (
        <Text id="voice-needs-connection" size="sm" c="dimmed" role="status">
          Voice needs a connection. Type your notes below; Clean Up works on this phone.
        </Text>
      )}

      <ScopeNotesInput onAdd={addSnippet} />

      {value.snippets.length > 0 && (
        <Card withBorder padding="sm">
          <Text size="sm" fw={500} mb="xs">
            Your notes ({value.snippets.length})
          </Text>
          <Group gap="xs" role="list" aria-label="Scope notes">
            {value.snippets.map((snippet, index) => (
              <NoteChip
                key={`${index}:${snippet}`}
                text={snippet}
                onRemove={() =>
                  onChange((previous) => ({
                    ...previous,
                    snippets: previous.snippets.filter((_, at) => at !== index),
                  }))
                }
              />
            ))}
          </Group>
        </Card>
      )}

      {value.snippets.length > 0 && (
        <Button
          size="md"
          leftSection={
            cleanup.isPending ? (
              <Loader size={18} color="white" />
            ) : (
              <IconSparkles size={18} aria-hidden />
            )
          }
          disabled={cleanup.isPending || cleaningHere}
          onClick={() =>
            online ? cleanup.mutate({ snippets: value.snippets }) : void cleanOnPhone()
          }
        >
          {cleanup.isPending || cleaningHere
            ? 'Cleaning up...'
            : online
              ? 'Clean Up Scope with AI'
              : 'Clean Up Scope on this phone'}
        </Button>
      )}

      {value.cleaned && (
        <CleanedScopeEditor
          scope={value.cleaned}
          engine={value.engine}
          onChange={(cleaned) => onChange((previous) => ({ ...previous, cleaned }))}
        />
      )}
    </Stack>
  );
}
