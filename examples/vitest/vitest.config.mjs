import { contractTesting } from '@contracttool/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({ plugins: [contractTesting()] })
