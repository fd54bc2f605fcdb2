import zlib from 'node:zlib';

/**
 * Brotli settings for answers compressed as they are sent (API JSON, a signing page's document).
 * Quality 2 instead of @fastify/compress's 4 halves the time per answer for about 3% more bytes
 * (1.86 KB against 1.80 KB for a 50-card list). The built web app is precompressed at 11.
 */
export const ON_THE_FLY_BROTLI: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 },
};

/** Below this, compressing an answer costs more time than its bytes would take to send. */
export const COMPRESS_FROM_BYTES = 1024;
