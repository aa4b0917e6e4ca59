import type { ExploredCase } from '@contracttool/explorer'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { rejectShopRequest, SHOP_ROUTES, type ShopHole, shopPaths } from './shop-rules.test-kit.js'

/** The shop API as a Hono app; its `fetch` is a WHATWG fetch handler. */
export function createHonoShop(holes: readonly ShopHole[] = []): Hono {
  const active = new Set(holes)
  const app = new Hono()
  if (active.has('orders-catch-all')) {
    const list = SHOP_ROUTES.find((route) => route.operationId === 'listOrders')!
    app.all('/orders', (c) => c.json(list.body, 200))
  }
  for (const route of SHOP_ROUTES) {
    app.on(route.method, route.path, (c) => {
      const headers = Object.fromEntries(c.req.raw.headers.entries())
      const rejected = rejectShopRequest(
        route,
        { headers, query: c.req.query(), cookies: getCookie(c) },
        active,
      )
      if (rejected !== undefined) return c.json({ title: 'rejected', status: rejected }, rejected as 400)
      if (route.body === undefined) return c.body(null, route.status as 204)
      return c.json(route.body, route.status as 200)
    })
  }
  if (!active.has('no-405')) {
    for (const [path, methods] of shopPaths()) {
      app.all(path, (c) => c.body(null, 405, { Allow: methods.join(', ') }))
    }
  }
  return app
}

/** Sends a case to a fetch handler as a WHATWG Request: method, URI, headers, cookies and the JSON body. */
export function dispatchWithFetchHandler(
  handler: (request: Request) => Response | Promise<Response>,
): (c: ExploredCase) => Promise<Response> {
  return async (c) => {
    const headers = new Headers(c.headers)
    const cookies = Object.entries(c.cookies)
    if (cookies.length > 0)
      headers.set('cookie', cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; '))
    if (c.body !== null) headers.set('content-type', c.contentType ?? 'application/json')
    return handler(
      new Request(`http://shop.test${c.uri()}`, {
        method: c.method,
        headers,
        ...(c.body === null ? {} : { body: c.bodyAsJson() }),
      }),
    )
  }
}
