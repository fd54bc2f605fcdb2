import { Ollama } from 'ollama';
import { z } from 'zod';
import { cleanedScopeSchema, type CleanedScope } from '../../domain/scope.schemas.js';

export interface OllamaSettings {
  host: string;
  model: string;
  timeoutMs: number;
}

/** The answer's JSON schema, from the same zod schema that validates it. */
const answerFormat = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(cleanedScopeSchema);
  return schema;
})();

export const SCOPE_SYSTEM_PROMPT = [
  "You turn a trade contractor's dictated or typed job-site notes into the scope of work of a",
  'home-improvement contract that a homeowner will read and sign.',
  'Rules:',
  '- Use only work that is mentioned in the notes. Never add tasks, materials, quantities, brands,',
  '  prices, dates or warranties that the notes do not state.',
  '- Keep every number, measurement, size, quantity, model and money amount exactly as given.',
  '- Fix grammar, capitalization and punctuation; drop filler words, false starts and repeats.',
  '- "paragraph": one to three plain sentences summarizing the work, in a professional tone.',
  '- "bullets": one short line per distinct task, in the order mentioned, no duplicates, no',
  '  trailing period, no numbering.',
  '- Plain text only: no markdown, no HTML.',
  'Answer with JSON only: {"paragraph": string, "bullets": string[]}.',
].join('\n');

/** Bounds on a sane answer: a model that rambles or returns nothing is treated as junk. */
const sensibleAnswer = cleanedScopeSchema.extend({
  paragraph: z.string().trim().min(1).max(2000),
  bullets: z.array(z.string().trim().min(1).max(500)).min(1).max(100),
});

/**
 * Asks Ollama for the cleaned scope. Throws on anything but a valid answer within the time limit:
 * the caller falls back to the rules engine.
 */
export async function cleanScopeWithOllama(
  snippets: readonly string[],
  settings: OllamaSettings,
): Promise<CleanedScope> {
  const client = new Ollama({
    host: settings.host,
    // The client's own abort() does not cover non-streaming calls, so each request carries
    // its own deadline.
    fetch: (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) }),
  });
  const notes = snippets.map((snippet, index) => `${index + 1}. ${snippet.trim()}`).join('\n');
  const response = await client.chat({
    model: settings.model,
    stream: false,
    format: answerFormat,
    options: { temperature: 0 },
    messages: [
      { role: 'system', content: SCOPE_SYSTEM_PROMPT },
      { role: 'user', content: `Contractor's notes:\n${notes}` },
    ],
  });
  const parsed = sensibleAnswer.parse(JSON.parse(response.message.content));
  return {
    paragraph: parsed.paragraph.trim(),
    bullets: parsed.bullets.map((bullet) => bullet.trim()),
  };
}

/** Whether Ollama answers and has the model, for the start-up log line. */
export async function describeOllama(settings: OllamaSettings): Promise<string> {
  try {
    const client = new Ollama({
      host: settings.host,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(3000) }),
    });
    const { models } = await client.list();
    const names = models.map((model) => model.name);
    const hasModel = names.some(
      (name) => name === settings.model || name === `${settings.model}:latest`,
    );
    return hasModel
      ? `Ollama at ${settings.host} has ${settings.model}: scope cleanup uses it`
      : `Ollama at ${settings.host} lacks ${settings.model} (run: ollama pull ${settings.model}); scope cleanup uses the built-in rules until it is there`;
  } catch {
    return `Ollama is not reachable at ${settings.host}: scope cleanup uses the built-in rules`;
  }
}
