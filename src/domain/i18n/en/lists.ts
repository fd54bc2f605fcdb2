/** Names in a sentence: `Jordan Rivera`, `Jordan and Alex`, `Jordan, Alex and Sam` (issue 37). */
export function listNames(names: readonly string[]): string {
  return names.length < 3
    ? names.join(' and ')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
