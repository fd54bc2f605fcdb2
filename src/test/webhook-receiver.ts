import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and raw body, as a signature check needs them. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver does with the n-th request: answer with a status, or never answer. */
export type ReceiverAnswer = number | 'hang';

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Answers to the next requests, in order; once used up, every request gets `fallback`. */
  answers: ReceiverAnswer[];
  fallback: ReceiverAnswer;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 (docs/architecture.md: real parts), scripted per request. A
 * hanging answer is closed when the receiver closes.
 */
export async function startWebhookReceiver(
  fallback: ReceiverAnswer = 204,
): Promise<WebhookReceiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: Omit<WebhookReceiver, 'url' | 'port' | 'close'> = {
    received: [],
    answers: [],
    fallback,
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      const location = answer >= 300 && answer < 400 ? { location: 'http://127.0.0.1:1/' } : {};
      response.writeHead(answer, { 'content-type': 'text/plain', ...location });
      response.end(answer < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
