import { contractTesting } from '@contracttool/vitest'
export default { plugins: [contractTesting({"specBasePath":"openapi","specs":["petstore"],"defaultSpec":"petstore","consoleOutput":"all"})], test: { include: ['*.test.mjs'] } }
