/**
 * How deep a JSON body may nest. The deepest thing any schema accepts is a contract's payment
 * stages inside a tRPC batch (about 6 levels); 32 leaves room and refuses the attack in issue 15:
 * a megabyte of `[[[[...` that stalled every other request while it was parsed and validated.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/**
 * Whether `text` opens more than `maxDepth` arrays or objects inside one another. One pass over
 * the characters, skipping strings, with no allocation: it runs before JSON.parse, so a hostile
 * body costs a scan, not a tree (docs/decisions/018).
 */
export function jsonNestsDeeperThan(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
