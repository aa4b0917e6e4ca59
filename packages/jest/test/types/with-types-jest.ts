// Types as a test file using the globals of `@types/jest` sees them.
import '@contracttool/jest'

test('typed matchers', () => {
  const res: unknown = {}
  expect(res).toMatchOpenApiSchema()
  expect(res).toMatchOpenApiSchema({ spec: 'petstore', validateRequest: false })
  expect(res).not.toMatchOpenApiRequest()
  expect(res).toSatisfyApiSpec({ skipResponseCodes: [404] })
  // @ts-expect-error: spec is a name or a loaded spec
  expect(res).toSatisfyApiSpec({ spec: 42 })
})
