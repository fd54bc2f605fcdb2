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

/** The answer sent last for each key (a contract, say), least recently used first. */
const lastAnswers = new Map<string | number, object>();
const MOST_ANSWERS_KEPT = 256;

/**
 * The answer sent last for `key` when this one equals it, or this one: for an answer built
 * afresh at every request that rarely changes (a homeowner's signing link, read again and
 * again), so that sendReusedJson finds the same object and sends its serialized and compressed
 * bytes again (issue 33). Fields are compared one by one, as they are (a long text compares as
 * fast as memory does); a field holding an object or array compares by its JSON.
 */
export function sameAsEqualAnswer<Value extends object>(key: string | number, value: Value): Value {
  const known = lastAnswers.get(key);
  lastAnswers.delete(key);
  const kept = known && sameFields(known, value) ? known : value;
  if (!known && lastAnswers.size >= MOST_ANSWERS_KEPT)
    lastAnswers.delete(lastAnswers.keys().next().value!);
  lastAnswers.set(key, kept);
  return kept as Value;
}

function sameFields(known: object, value: object): boolean {
  const knownFields = Object.entries(known);
  if (knownFields.length !== Object.keys(value).length) return false;
  const fields = value as Record<string, unknown>;
  return knownFields.every(([name, was]) => {
    const now = fields[name];
    if (was === now) return true;
    return typeof was === 'object' && was !== null && JSON.stringify(was) === JSON.stringify(now);
  });
}
