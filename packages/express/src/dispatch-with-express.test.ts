import { describe, expect, it } from 'vitest'
import { dispatchWithExpress } from './dispatch-with-express.js'
import { EXPRESS_MAJORS } from './express-majors.test-kit.js'

describe.each(EXPRESS_MAJORS)('dispatchWithExpress (%s)', (_label, express) => {
  it('serves the app on 127.0.0.1 and forwards method, URI, headers, cookies and the JSON body', async () => {
    const seen: Record<string, unknown>[] = []
    const app = express()
    app.use(express.json())
    app.use((req, res) => {
      seen.push({
        method: req.method,
        url: req.originalUrl,
        cookie: req.headers.cookie,
        skip: req.headers['x-contracttool-skip'],
        body: req.body,
        host: req.socket.localAddress,
      })
      res.status(403).end()
    })
    const dispatch = dispatchWithExpress(app)
    try {
      const result = await dispatch({
        method: 'PUT',
        uri: () => '/pets/1?x=1',
        headers: {},
        cookies: { session: 's' },
        body: { name: 'Rex' },
      })
      expect(result).toEqual({ status: 403 })
      expect(seen[0]).toEqual({
        method: 'PUT',
        url: '/pets/1?x=1',
        cookie: 'session=s',
        skip: 'all',
        body: { name: 'Rex' },
        host: '127.0.0.1',
      })
      expect(dispatch.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    } finally {
      await dispatch.close()
    }
    expect(dispatch.baseUrl).toBeUndefined()
  })
})

describe('dispatchWithExpress', () => {
  it('refuses something that is not an app', () => {
    expect(() => dispatchWithExpress({} as never)).toThrowError(
      expect.objectContaining({ code: 'CONTRACTTOOL_EXPRESS_NOT_AN_APP' }),
    )
  })
})
