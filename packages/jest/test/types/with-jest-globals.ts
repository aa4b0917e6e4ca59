// Types as a test file importing from `@jest/globals` sees them.
import { openApiSpec } from '@contracttool/jest'
import { expect, test } from '@jest/globals'

openApiSpec('petstore')

test('typed matchers', () => {
  const res: unknown = {}
  expect(res).toMatchOpenApiSchema()
  expect(res).toMatchOpenApiSchema({
    spec: 'petstore',
    skipResponseCodes: [404, '5\\d\\d'],
    validateRequest: true,
  })
  expect(res).not.toMatchOpenApiRequest({ spec: 'petstore' })
  expect(res).toSatisfyApiSpec()
  // @ts-expect-error: skipResponseCodes takes statuses or patterns
  expect(res).toMatchOpenApiSchema({ skipResponseCodes: [true] })
  // @ts-expect-error: the request matcher takes no skipResponseCodes
  expect(res).toMatchOpenApiRequest({ skipResponseCodes: [404] })
})
