/**
 * HTML escaping for every value the engine prints. Besides & < > " ' it escapes ` and = so a
 * value stays inert even inside an unquoted attribute (the same set Handlebars escapes).
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

const NEEDS_ESCAPE = /[&<>"'`=]/;
const ESCAPE_ALL = /[&<>"'`=]/g;

export function escapeHtml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPE_ALL, (char) => ENTITIES[char] ?? char);
}
