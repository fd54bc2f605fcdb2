/** Logo rules (docs/decisions/007), shared by the page and the server. */

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_ACCEPTED_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof LOGO_ACCEPTED_TYPES)[number];

/**
 * The real type of an image from its first bytes; the file name and declared type are ignored
 * because both are chosen by the uploader. SVG, GIF, HTML and everything else are null.
 */
export function detectLogoType(bytes: Uint8Array): LogoContentType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  return null;
}
