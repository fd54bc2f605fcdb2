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
const compressors: Record<Encoding, (text: string) => Buffer> = {
  br: (text) => zlib.brotliCompressSync(text, ON_THE_FLY_BROTLI),
  gzip: (text) => zlib.gzipSync(text),
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
  void reply.type('application/json; charset=utf-8');
  return sendCompressedOnce(request, reply, forms.json, forms.compressed);
}

/** The compressed forms of pages sent lately, by their text: a page made again is a new key. */
const textForms = new Map<string, Partial<Record<Encoding, Buffer>>>();
const MOST_TEXTS_KEPT = 64;

/**
 * Sends a text answer (an HTML page) that is often the very same string as before, because its
 * maker keeps what it made (the signing page's recentPage): each string is compressed once per
 * encoding, not at every request (issue 33). A string seen for the first time is compressed as
 * any answer would be; the last 64 strings' bytes are kept.
 */
export function sendReusedText(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  contentType: string,
) {
  let compressed = textForms.get(text);
  if (compressed) {
    textForms.delete(text);
  } else {
    compressed = {};
    if (textForms.size >= MOST_TEXTS_KEPT) textForms.delete(textForms.keys().next().value!);
  }
  textForms.set(text, compressed);
  void reply.type(contentType);
  return sendCompressedOnce(request, reply, text, compressed);
}

/** Sends `text` in the encoding the client takes, compressing it at most once per encoding. */
function sendCompressedOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  compressed: Partial<Record<Encoding, Buffer>>,
) {
  if (text.length < COMPRESS_FROM_BYTES) return reply.send(text);
  void reply.header('vary', 'accept-encoding');
  const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
  if (!encoding) return reply.send(text);
  const bytes = (compressed[encoding] ??= compressors[encoding](text));
  // @fastify/compress leaves an answer alone once it has a Content-Encoding.
  return reply.header('content-encoding', encoding).send(bytes);
}

/** Answers sent lately by their plain JSON text, least recently used first. */
const equalAnswers = new Map<string, object>();
const MOST_ANSWERS_KEPT = 64;

/**
 * The answer sent earlier that equals this one, or this one: for an answer built afresh at every
 * request that rarely changes (a homeowner's signing link, read again and again), so that
 * sendReusedJson finds the same object and sends its serialized and compressed bytes again.
 * Comparing the plain JSON costs a fraction of the route's serialization and compression
 * (issue 33). Keeps the last 64.
 */
export function sameAsEqualAnswer<Value extends object>(value: Value): Value {
  const json = JSON.stringify(value);
  const known = equalAnswers.get(json);
  equalAnswers.delete(json);
  if (!known && equalAnswers.size >= MOST_ANSWERS_KEPT)
    equalAnswers.delete(equalAnswers.keys().next().value!);
  equalAnswers.set(json, known ?? value);
  return (known ?? value) as Value;
}
