import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ExploredCase } from '@contracttool/explorer'
import { parseCookieHeader } from '@contracttool/kernel'
import express, {
  type Express,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express'
import { rejectShopRequest, SHOP_ROUTES, type ShopHole, shopPaths } from './shop-rules.test-kit.js'

/** The shop API as an Express 5 app; `holes` switch on deliberate contract holes. */
export function createExpressShop(holes: readonly ShopHole[] = []): Express {
  const active = new Set(holes)
  const app = express()
  app.use(express.json())
  if (active.has('orders-catch-all')) {
    const list = SHOP_ROUTES.find((route) => route.operationId === 'listOrders')!
    app.all('/orders', (_req, res) => void res.status(200).json(list.body))
  }
  for (const route of SHOP_ROUTES) {
    const handler = (req: ExpressRequest, res: ExpressResponse) => {
      const rejected = rejectShopRequest(
        route,
        {
          headers: req.headers as Record<string, string>,
          query: req.query as Record<string, unknown>,
          cookies: parseCookieHeader(req.headers.cookie) ?? {},
        },
        active,
      )
      if (rejected !== undefined)
        return void res
          .status(rejected)
          .type('application/problem+json')
          .json({ title: 'rejected', status: rejected })
      if (route.body === undefined) return void res.status(route.status).end()
      res.status(route.status).json(route.body)
    }
    if (route.method === 'GET') app.get(route.path, handler)
    else if (route.method === 'POST') app.post(route.path, handler)
    else app.delete(route.path, handler)
  }
  if (!active.has('no-405')) {
    for (const [path, methods] of shopPaths()) {
      app.all(path, (_req, res) => void res.status(405).set('Allow', methods.join(', ')).end())
    }
  }
  return app
}

/** Listens on 127.0.0.1 (a free port) until `close()`. */
export async function listen(app: Express): Promise<{ readonly baseUrl: string; close(): Promise<void> }> {
  const server: Server = createServer(app)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

/** Sends a case over HTTP with fetch: method, URI, headers, cookies and the JSON body as given. */
export function dispatchWithFetchTo(baseUrl: string): (c: ExploredCase) => Promise<Response> {
  return (c) => {
    const headers: Record<string, string> = { ...c.headers }
    const cookies = Object.entries(c.cookies)
    if (cookies.length > 0)
      headers.cookie = cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ')
    if (c.body !== null) headers['content-type'] = c.contentType ?? 'application/json'
    return fetch(`${baseUrl}${c.uri()}`, {
      method: c.method,
      headers,
      ...(c.body === null ? {} : { body: c.bodyAsJson() }),
    }) as unknown as Promise<Response>
  }
}
