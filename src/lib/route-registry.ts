import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Whether the route takes a request body: a body schema, or a form it reads itself. */
  takesBody: boolean;
}

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Remembers every route registered from now on (call it before any route is added): the tests
 * that hold the REST facade to its tRPC twins, and later to its OpenAPI document, walk this list.
 */
export function trackRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registries.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const takesBody = Boolean(route.schema?.body ?? route.config?.documentedForm);
    for (const method of methods) routes.push({ method, url: route.url, takesBody });
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}
