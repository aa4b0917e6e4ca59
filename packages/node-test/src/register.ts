// `node --import @contracttool/node-test/register --test-reporter=@contracttool/node-test/reporter --test`:
// node:test hands `--import` to the process of each test file, where this module sets up contract testing.
import { after, afterEach, beforeEach } from 'node:test'
import { setUpTestProcess } from './internal/set-up-test-process.js'

setUpTestProcess({ beforeEach, afterEach, after })
