import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sameAsEqualAnswer, sendReusedText } from './reused-answer.js';

/** A page long enough to be compressed, as the signing page is. */
const page = (words: string) => `<!DOCTYPE html><p>${words.repeat(400)}</p>`;
let current = page('first version ');

const app = Fastify();
app.get('/page', (request, reply) =>
  sendReusedText(request, reply, current, 'text/html; charset=utf-8'),
);
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

const open = (encoding?: string) =>
  app.inject({
    method: 'GET',
    url: '/page',
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });

describe('a page sent again unchanged (issue 33)', () => {
  it('is compressed once, and read back whole in each encoding the browser takes', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    for (let opening = 0; opening < 3; opening += 1) {
      const answer = await open('br, gzip');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe(current);
    }
    expect(brotli).toHaveBeenCalledTimes(1);
    const gzipped = await open('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(current);
    const plain = await open();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(current);
  });

  it('is compressed again once it changed, and never answers with the old bytes', async () => {
    await open('br');
    current = page('second version ');
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    const answer = await open('br');
    expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe(current);
    expect(brotli).toHaveBeenCalledTimes(1);
  });
});

describe('an answer equal to the one sent last for its key', () => {
  it('is that same object, so its bytes are sent again; a changed one is itself', () => {
    const first = sameAsEqualAnswer(7, { id: 7, status: 'sent', html: '<p>terms</p>' });
    expect(sameAsEqualAnswer(7, { id: 7, status: 'sent', html: '<p>terms</p>' })).toBe(first);
    const changed = { id: 7, status: 'signed', html: '<p>terms</p>' };
    expect(sameAsEqualAnswer(7, changed)).toBe(changed);
    // A field added or an object field changed is a change too.
    const more = { id: 7, status: 'signed', html: '<p>terms</p>', pdf: true };
    expect(sameAsEqualAnswer(7, more)).toBe(more);
    const staged = sameAsEqualAnswer(8, { id: 8, stages: [{ cents: 100 }] });
    expect(sameAsEqualAnswer(8, { id: 8, stages: [{ cents: 100 }] })).toBe(staged);
    const restaged = { id: 8, stages: [{ cents: 200 }] };
    expect(sameAsEqualAnswer(8, restaged)).toBe(restaged);
  });
});
