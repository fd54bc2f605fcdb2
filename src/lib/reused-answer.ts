import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import zlib from 'node:zlib';
import { COMPRESS_FROM_BYTES, ON_THE_FLY_BROTLI } from './compression.js';

type Encoding = 'br' | 'gzip';

/** An answer already sent: its JSON text and the compressed forms made so far. */
interface AnswerForms {
  json: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

const formsOf = new WeakMap<object, AnswerForms>();
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

/** The same settings as every on-the-fly answer: a miss costs what it did before. */
const compressors: Record<Encoding, (json: string) => Buffer> = {
  br: (json) => zlib.brotliCompressSync(json, ON_THE_FLY_BROTLI),
  gzip: (json) => zlib.gzipSync(json),
};

/**
 * Sends a JSON answer whose value object comes from the read cache (src/db/read-cache.ts): the
 * same object means the same answer, so its serialized and compressed bytes are kept with it
 * (weakly: they go when the cache drops the value) instead of being made again for every request
 * (docs/decisions/014). Serialization still goes through the route's response schema, so no field
 * outside the schema is ever sent. The value must not change after it is first sent.
 */
export function sendReusedJson(request: FastifyRequest, reply: FastifyReply, value: object) {
  let forms = formsOf.get(value);
  if (!forms) {
    const serialized = reply.serialize(value);
    // The route's response schema serializer returns text; anything else is a wiring mistake.
    if (typeof serialized !== 'string') throw new Error('sendReusedJson needs a JSON route');
    forms = { json: serialized, compressed: {} };
    formsOf.set(value, forms);
  }
  const { json, compressed } = forms;
  void reply.type('application/json; charset=utf-8');
  if (json.length < COMPRESS_FROM_BYTES) return reply.send(json);

  void reply.header('vary', 'accept-encoding');
  const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
  if (!encoding) return reply.send(json);
  const bytes = (compressed[encoding] ??= compressors[encoding](json));
  // @fastify/compress leaves an answer alone once it has a Content-Encoding.
  return reply.header('content-encoding', encoding).send(bytes);
}
