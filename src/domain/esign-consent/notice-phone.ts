/**
 * The contractor's phone as the notice prints it: ten US digits as "(555) 010-2000", anything
 * else as typed. Its output is part of the notice's words (and so of their hash), so it is the
 * notice's own, frozen with the versions that use it: a change of format is a new version.
 */
export function noticePhone(raw: string): string {
  const text = raw.trim();
  if (!/^[\d\s().+-]+$/.test(text)) return text;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return text;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
