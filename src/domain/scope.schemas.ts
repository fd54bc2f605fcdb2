import { z } from 'zod';

/** Scope notes and the cleaned scope (issue 4 limits). */

export const SCOPE_MAX_SNIPPETS = 200;
export const SCOPE_MAX_SNIPPET_CHARS = 2000;
export const SCOPE_PLACEHOLDER_BULLET = 'Scope details to be added';

export const scopeSnippetsSchema = z
  .array(
    z
      .string({ error: 'Each note must be text' })
      .max(
        SCOPE_MAX_SNIPPET_CHARS,
        `Each note must be at most ${SCOPE_MAX_SNIPPET_CHARS} characters`,
      ),
    { error: 'snippets must be a list of notes' },
  )
  .max(SCOPE_MAX_SNIPPETS, `At most ${SCOPE_MAX_SNIPPETS} notes`);

export const cleanScopeInputSchema = z.object({ snippets: scopeSnippetsSchema });
export type CleanScopeInput = z.infer<typeof cleanScopeInputSchema>;

/** What the model must answer, and what the wizard stores as scope_clean. */
export const cleanedScopeSchema = z.object({
  paragraph: z.string(),
  bullets: z.array(z.string()),
});
export type CleanedScope = z.infer<typeof cleanedScopeSchema>;

export const cleanScopeResultSchema = cleanedScopeSchema.extend({
  engine: z.enum(['ollama', 'rules']),
});
export type CleanScopeResult = z.infer<typeof cleanScopeResultSchema>;

/**
 * The web app's own fallback when the cleanup call fails: the notes joined into
 * one paragraph, each note a bullet, or the placeholder bullet when there are none.
 */
export function clientFallbackScope(snippets: readonly string[]): CleanedScope {
  const notes = snippets.map((snippet) => snippet.trim()).filter((snippet) => snippet !== '');
  return {
    paragraph: notes.join(' '),
    bullets: notes.length > 0 ? notes : [SCOPE_PLACEHOLDER_BULLET],
  };
}
