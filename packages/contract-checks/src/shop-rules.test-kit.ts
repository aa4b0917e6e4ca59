/*
 * The shop API of fixtures/specs/contract-checks/shop.yaml as plain rules, so the Express, Fastify and
 * Hono test apps route with their own routers but decide auth and header checks the same way.
 * `holes` switch on deliberate contract holes.
 */

export type Credential = 'bearer' | 'apiKeyHeader' | 'apiKeyQuery' | 'sessionCookie' | 'oauth'

/** Deliberate holes a test app can have. */
export type ShopHole =
  /** GET /orders accepts any bearer token, valid or not. */
  | 'orders-accept-any-bearer'
  /** GET /account never checks the session cookie. */
  | 'account-ignores-auth'
  /** GET /orders never checks X-Tenant-Id. */
  | 'orders-ignore-tenant-header'
  /** No 405 handling: undocumented methods fall through to the framework's default. */
  | 'no-405'
  /** /orders answers every method with the list (a catch-all route). */
  | 'orders-catch-all'

export interface ShopRoute {
  readonly method: 'GET' | 'POST' | 'DELETE'
  /** Express/Fastify/Hono style (`/orders/:orderId`). */
  readonly path: string
  readonly operationId: string
  /** Alternatives (OR) of credential sets (AND); empty = anonymous. */
  readonly auth: readonly (readonly Credential[])[]
  readonly requiredHeaders: readonly { readonly name: string; readonly valid: (value: string) => boolean }[]
  readonly status: number
  readonly body: unknown
}

const tenant = { name: 'x-tenant-id', valid: (value: string) => /^t-[a-z0-9]{4}$/.test(value) }
const order = { id: 1, item: 'tea', quantity: 2, note: null }

export const SHOP_ROUTES: readonly ShopRoute[] = [
  {
    method: 'GET',
    path: '/orders',
    operationId: 'listOrders',
    auth: [['bearer']],
    requiredHeaders: [tenant],
    status: 200,
    body: [order],
  },
  {
    method: 'POST',
    path: '/orders',
    operationId: 'createOrder',
    auth: [['bearer']],
    requiredHeaders: [tenant],
    status: 201,
    body: order,
  },
  {
    method: 'GET',
    path: '/orders/:orderId',
    operationId: 'getOrder',
    auth: [['apiKeyHeader'], ['bearer']],
    requiredHeaders: [],
    status: 200,
    body: order,
  },
  {
    method: 'DELETE',
    path: '/orders/:orderId',
    operationId: 'cancelOrder',
    auth: [['bearer']],
    requiredHeaders: [],
    status: 204,
    body: undefined,
  },
  {
    method: 'GET',
    path: '/orders/:orderId/receipt',
    operationId: 'getReceipt',
    auth: [['bearer', 'apiKeyHeader']],
    requiredHeaders: [],
    status: 200,
    body: { orderId: 1, total: 9.5 },
  },
  {
    method: 'GET',
    path: '/reports/daily',
    operationId: 'getDailyReport',
    auth: [['apiKeyQuery']],
    requiredHeaders: [{ name: 'x-report-format', valid: (value) => value === 'csv' || value === 'json' }],
    status: 200,
    body: { orders: 3 },
  },
  {
    method: 'GET',
    path: '/account',
    operationId: 'getAccount',
    auth: [['sessionCookie']],
    requiredHeaders: [],
    status: 200,
    body: { name: 'Ada' },
  },
  {
    method: 'GET',
    path: '/admin/audit',
    operationId: 'getAuditLog',
    auth: [['oauth']],
    requiredHeaders: [],
    status: 200,
    body: [],
  },
  {
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    auth: [],
    requiredHeaders: [],
    status: 200,
    body: { status: 'ok' },
  },
]

/** The credentials a well-behaved client sends, per operation (what `authenticateUsing` returns). */
export const SHOP_CREDENTIALS: Readonly<
  Record<
    string,
    { headers?: Record<string, string>; query?: Record<string, string>; cookies?: Record<string, string> }
  >
> = {
  listOrders: { headers: { Authorization: 'Bearer good-token' } },
  createOrder: { headers: { Authorization: 'Bearer good-token' } },
  getOrder: { headers: { 'X-API-Key': 'good-key' } },
  cancelOrder: { headers: { Authorization: 'Bearer good-token' } },
  getReceipt: { headers: { Authorization: 'Bearer good-token', 'X-API-Key': 'good-key' } },
  getDailyReport: { query: { api_key: 'good-key' } },
  getAccount: { cookies: { session: 'good-session' } },
  getAuditLog: { headers: { Authorization: 'Bearer good-oauth-token' } },
}

export interface ShopRequest {
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly query: Readonly<Record<string, unknown>>
  readonly cookies: Readonly<Record<string, string | undefined>>
}

function hasCredential(credential: Credential, request: ShopRequest, lenientBearer: boolean): boolean {
  const authorization = request.headers.authorization
  switch (credential) {
    case 'bearer':
      return lenientBearer
        ? authorization?.startsWith('Bearer ') === true
        : authorization === 'Bearer good-token'
    case 'oauth':
      return authorization === 'Bearer good-oauth-token'
    case 'apiKeyHeader':
      return request.headers['x-api-key'] === 'good-key'
    case 'apiKeyQuery':
      return request.query.api_key === 'good-key'
    case 'sessionCookie':
      return request.cookies.session === 'good-session'
  }
}

/** The error status a route answers with (401, then 400), or undefined when the request passes. */
export function rejectShopRequest(
  route: ShopRoute,
  request: ShopRequest,
  holes: ReadonlySet<ShopHole>,
): number | undefined {
  const ignoresAuth = route.operationId === 'getAccount' && holes.has('account-ignores-auth')
  const lenientBearer = route.operationId === 'listOrders' && holes.has('orders-accept-any-bearer')
  if (!ignoresAuth && route.auth.length > 0) {
    const authorized = route.auth.some((all) =>
      all.every((credential) => hasCredential(credential, request, lenientBearer)),
    )
    if (!authorized) return 401
  }
  const ignoresTenant = route.operationId === 'listOrders' && holes.has('orders-ignore-tenant-header')
  for (const header of route.requiredHeaders) {
    if (ignoresTenant && header.name === 'x-tenant-id') continue
    const value = request.headers[header.name]
    if (value === undefined || !header.valid(value)) return 400
  }
  return undefined
}

/** Paths (router syntax) with the methods each documents, for 405 answers and `Allow`. */
export function shopPaths(): Map<string, string[]> {
  const paths = new Map<string, string[]>()
  for (const route of SHOP_ROUTES) paths.set(route.path, [...(paths.get(route.path) ?? []), route.method])
  return paths
}
