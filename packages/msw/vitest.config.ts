import { contractToolProject } from '../../vitest.shared.ts'

export default contractToolProject(import.meta.dirname)
