/** Pure sizing rules for the signature canvas; no DOM access, so they are easy to test. */

export interface Size {
  width: number;
  height: number;
}

/** Beyond 3 the extra backing pixels cost memory and PNG size without a visible gain. */
export const MAX_PIXEL_RATIO = 3;

/**
 * Device pixels per CSS pixel for the canvas backing store. Below 1 (a zoomed-out page) we keep
 * 1 so the saved PNG never gets coarser than the CSS size.
 */
export function canvasPixelRatio(devicePixelRatio: number): number {
  if (!Number.isFinite(devicePixelRatio) || devicePixelRatio <= 0) return 1;
  return Math.min(Math.max(devicePixelRatio, 1), MAX_PIXEL_RATIO);
}

/** Backing-store size in device pixels for a canvas shown at `css` size. */
export function backingStoreSize(css: Size, ratio: number): Size {
  return {
    width: Math.max(1, Math.round(css.width * ratio)),
    height: Math.max(1, Math.round(css.height * ratio)),
  };
}

export interface CanvasLayout {
  cssWidth: number;
  ratio: number;
}

/**
 * Whether the canvas has to be resized. Only the width and the pixel ratio count: the height is
 * fixed in CSS, and a phone's URL bar showing or hiding changes the viewport height only. A zero
 * width means the pad is hidden; resizing then would wipe the backing store for nothing.
 */
export function needsResize(previous: CanvasLayout | null, next: CanvasLayout): boolean {
  if (next.cssWidth <= 0) return false;
  if (previous === null) return true;
  return previous.cssWidth !== next.cssWidth || previous.ratio !== next.ratio;
}

/**
 * Largest size with the image's aspect ratio that fits in `box`. A PNG saved by this pad is
 * 200 × ratio pixels high, so it comes back at its original CSS size whenever the pad is at
 * least as wide as when it was signed, and shrinks evenly (never stretches) when narrower.
 */
export function fitWithin(image: Size, box: Size): Size {
  if (image.width <= 0 || image.height <= 0 || box.width <= 0 || box.height <= 0) {
    return { width: 0, height: 0 };
  }
  const scale = Math.min(box.width / image.width, box.height / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
// Every PNG starts with the bytes 89 50 4E 47 0D 0A 1A 0A, which base64-encode to this.
const PNG_SIGNATURE_BASE64 = 'iVBORw0KGgo';
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]+={0,2}$/;

/** True for a base64 `data:image/png` URL whose payload starts with the PNG signature. */
export function isPngDataUrl(value: string): boolean {
  if (value.slice(0, PNG_DATA_URL_PREFIX.length).toLowerCase() !== PNG_DATA_URL_PREFIX) {
    return false;
  }
  const payload = value.slice(PNG_DATA_URL_PREFIX.length);
  return (
    payload.length % 4 === 0 &&
    payload.startsWith(PNG_SIGNATURE_BASE64) &&
    BASE64_PAYLOAD.test(payload)
  );
}
