import type { FastifyInstance } from 'fastify';
import { Session } from 'node:inspector/promises';

export const PROFILE_START_ROUTE = '/__bench/profile/start';
export const PROFILE_STOP_ROUTE = '/__bench/profile/stop';

/**
 * Two routes for `npm run bench:profile`: start V8's sampling profiler in this process, and stop
 * it and answer the profile (a `.cpuprofile`). The profile then holds the load alone, not the
 * start-up or the set-up requests (sign-ups, argon2 sign-ins) before it.
 */
export function registerBenchProfiler(app: FastifyInstance): void {
  const session = new Session();
  session.connect();
  app.post(PROFILE_START_ROUTE, async () => {
    await session.post('Profiler.enable');
    // 200 µs: finer than the default 1 ms, for requests that take a fraction of one.
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    return { ok: true };
  });
  app.post(PROFILE_STOP_ROUTE, async (_request, reply) => {
    const { profile } = await session.post('Profiler.stop');
    await session.post('Profiler.disable');
    return reply.type('application/json').send(JSON.stringify(profile));
  });
}
