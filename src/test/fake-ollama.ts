import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A stand-in for Ollama on 127.0.0.1 speaking its HTTP protocol (POST /api/chat without
 * streaming, GET /api/tags), the one part of the system tests may replace (Ollama and model
 * weights cannot be installed here). Each behaviour is one of Ollama's real failure modes.
 */
export type FakeOllamaBehaviour =
  | { kind: 'answer'; content: string }
  | { kind: 'http-error'; status: number; error: string }
  | { kind: 'hang' };

export interface FakeOllama {
  url: string;
  /** Bodies of the /api/chat requests received, parsed. */
  chatRequests: Record<string, unknown>[];
  behave(behaviour: FakeOllamaBehaviour): void;
  close(): Promise<void>;
}

export const FAKE_MODEL = 'qwen2.5:3b-instruct';

export async function startFakeOllama(): Promise<FakeOllama> {
  let behaviour: FakeOllamaBehaviour = { kind: 'answer', content: '{}' };
  const chatRequests: Record<string, unknown>[] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/api/tags') {
      return json(200, {
        models: [
          {
            name: FAKE_MODEL,
            model: FAKE_MODEL,
            modified_at: '2026-11-01T10:00:00.000Z',
            size: 1_929_912_432,
            digest: 'sha256:0000000000000000000000000000000000000000000000000000000000000000',
            details: {
              format: 'gguf',
              family: 'qwen2',
              parameter_size: '3.1B',
              quantization_level: 'Q4_K_M',
            },
          },
        ],
      });
    }
    if (request.method !== 'POST' || request.url !== '/api/chat') {
      return json(404, { error: 'not found' });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    chatRequests.push(
      JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
    );

    if (behaviour.kind === 'hang') {
      hanging.add(response);
      return;
    }
    if (behaviour.kind === 'http-error') return json(behaviour.status, { error: behaviour.error });
    return json(200, {
      model: FAKE_MODEL,
      created_at: new Date().toISOString(),
      message: { role: 'assistant', content: behaviour.content },
      done: true,
      done_reason: 'stop',
      total_duration: 1_200_000_000,
      load_duration: 2_000_000,
      prompt_eval_count: 120,
      prompt_eval_duration: 300_000_000,
      eval_count: 80,
      eval_duration: 900_000_000,
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    chatRequests,
    behave: (next) => {
      behaviour = next;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
