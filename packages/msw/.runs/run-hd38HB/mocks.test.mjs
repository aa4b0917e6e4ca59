import { afterAll, expect, test } from 'vitest'
import { getPet, mocks, server } from './mocks.mjs'

afterAll(() => {
  mocks.dispose()
  server.close()
})
test('a mock that matches passes', async () => {
  expect(await getPet(1)).toEqual({ id: 1, name: 'Tom', kind: 'cat' })
})
test('a drifted mock, asserted', async () => {
  expect((await getPet(2)).id).toBe('two')
  await expect(mocks.assertNoViolations()).rejects.toThrow(/\[\/id\] must be integer/)
})
test('a drifted mock left unasserted', async () => {
  await getPet(2)
})
test('the next test starts clean', async () => {
  await getPet(1)
})
