export { type CompiledPattern, compilePattern } from './compile-pattern.js'
