/** Terminal colour codes, which Playwright puts in its messages. */
// eslint-disable-next-line no-control-regex -- the escape character is what is being removed
const TERMINAL_COLOURS = /\u001b\[[0-9;]*m/g;

/**
 * Why a print failed, as the contractor's page shows it ("the last try failed: ..."): the
 * message's first line, without Playwright's call log and terminal colour codes, at most 300
 * characters. The whole error goes to the server's log.
 */
export function describeRenderFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const firstLine = error.message.replace(TERMINAL_COLOURS, '').split('\n')[0]?.trim() ?? '';
  return (firstLine || error.name).slice(0, 300);
}
