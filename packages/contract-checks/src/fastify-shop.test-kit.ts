import type { ExploredCase } from '@contracttool/explorer'
import { parseCookieHeader } from '@contracttool/kernel'
import Fastify, { type FastifyInstance } from 'fastify'
import { rejectShopRequest, SHOP_ROUTES, type ShopHole, shopPaths } from './shop-rules.test-kit.js'

/** The shop API as a Fastify 5 app (use `inject`, no socket). */
export function createFastifyShop(holes: readonly ShopHole[] = []): FastifyInstance {
  const active = new Set(holes)
  const app = Fastify()
  // Fastify 5 treats QUERY as a body method and answers a QUERY without Content-Type with 400 before
  // routing. This API documents no QUERY operation, so QUERY is declared bodiless to reach the 405 answer.
  app.addHttpMethod('QUERY', { hasBody: false, overrideExisting: true })
  if (active.has('orders-catch-all')) {
    const list = SHOP_ROUTES.find((route) => route.operationId === 'listOrders')!
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'QUERY'],
      url: '/orders',
      handler: async (_request, reply) => reply.code(200).send(list.body),
    })
  }
  for (const route of SHOP_ROUTES) {
    if (active.has('orders-catch-all') && route.path === '/orders') continue
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const rejected = rejectShopRequest(
          route,
          {
            headers: request.headers as Record<string, string>,
            query: request.query as Record<string, unknown>,
            cookies: parseCookieHeader(request.headers.cookie) ?? {},
          },
          active,
        )
        if (rejected !== undefined)
          return reply
            .code(rejected)
            .type('application/problem+json')
            .send({ title: 'rejected', status: rejected })
        return reply.code(route.status).send(route.body)
      },
    })
  }
  // Fastify answers unknown (path, method) pairs with 404; an API documenting 405 says so here.
  const paths = [...shopPaths()].map(([path, methods]) => ({
    pattern: new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`),
    methods,
  }))
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const known = active.has('no-405') ? undefined : paths.find((entry) => entry.pattern.test(path))
    if (known === undefined) return reply.code(404).send({ title: 'not found', status: 404 })
    return reply.code(405).header('allow', known.methods.join(', ')).send()
  })
  return app
}

/** Sends a case through `fastify.inject`: method, URI, headers, cookies and the JSON body as given. */
export function dispatchWithInjectTo(
  app: FastifyInstance,
): (c: ExploredCase) => Promise<{ statusCode: number }> {
  return (c) =>
    app.inject({
      method: c.method as 'GET',
      url: c.uri(),
      headers: {
        ...c.headers,
        ...(c.body === null ? {} : { 'content-type': c.contentType ?? 'application/json' }),
      },
      cookies: { ...c.cookies },
      ...(c.body === null ? {} : { payload: c.bodyAsJson() }),
    })
}
