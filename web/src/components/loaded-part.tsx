import { Button, Group, Paper, Text } from '@mantine/core';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** What a part fetched on demand says when its code could not be fetched. */
export const PART_NOT_LOADED = (what: string) =>
  `Could not load ${what}. Check your connection, then try again: your changes are still here.`;

/** Fetches the part's module and picks its component: `() => import('./x').then((m) => m.X)`. */
type Loader<Props> = () => Promise<ComponentType<Props>>;

/** The part's code did not arrive; any other error is a bug, and goes on to the page's handler. */
class PartNotLoaded extends Error {
  constructor(cause: unknown) {
    super('A part of the page could not be loaded', { cause });
  }
}

function fetchOnce<Props>(load: Loader<Props>) {
  return lazy(() =>
    load().then(
      (part) => ({ default: part }),
      (cause: unknown) => {
        throw new PartNotLoaded(cause);
      },
    ),
  );
}

/**
 * A part of a screen whose code is fetched when it is first shown (React.lazy), that survives the
 * fetch failing: offline without the service worker's copy, or after an update removed the file
 * an open page asks for. The failure stays in this part, with a way to try again; the screen
 * around it, and what the contractor typed there, stay as they were. React.lazy keeps a failed
 * fetch for good, so trying again makes a new one. `what` completes "Could not load …".
 */
export function lazyPart<Props extends object>(load: Loader<Props>, what: string) {
  let Part = fetchOnce(load);
  return function LoadedPart({
    fallback,
    failed,
    ...props
  }: Props & {
    /** Shown while the code is fetched. */
    fallback: ReactNode;
    /** Shown instead of the message and its Try again, when a part has a better way round. */
    failed?: ReactNode;
  }) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Part = fetchOnce(load);
      setAttempt((count) => count + 1);
    };
    return (
      <PartBoundary key={attempt} failed={failed ?? <NotLoaded what={what} onRetry={retry} />}>
        <Suspense fallback={fallback}>
          <Part {...(props as Props)} />
        </Suspense>
      </PartBoundary>
    );
  };
}

function NotLoaded({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Paper withBorder p="md" role="alert">
      <Text size="sm" c="red.8">
        {PART_NOT_LOADED(what)}
      </Text>
      <Group mt="sm">
        <Button size="sm" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Paper>
  );
}

class PartBoundary extends Component<
  { failed: ReactNode; children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof PartNotLoaded) return this.props.failed;
    throw error;
  }
}
