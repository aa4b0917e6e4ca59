/** The pet store's data, in memory: each app instance starts from the same three pets. */
export type Kind = 'cat' | 'dog'

export interface Pet {
  readonly id: number
  readonly name: string
  readonly kind: Kind
  readonly tag?: string | null
  readonly createdAt: string
  /** Internal revision counter. The app returns it although the spec does not document it. */
  readonly version: number
}

export interface NewPet {
  readonly name: string
  readonly kind: Kind
  readonly tag?: string | null
}

export interface PetUpdate {
  readonly name?: string
  readonly tag?: string | null
}

const SEED: readonly NewPet[] = [
  { name: 'Tom', kind: 'cat', tag: 'indoor' },
  { name: 'Rex', kind: 'dog' },
  { name: 'Felix', kind: 'cat', tag: null },
]

export class PetStore {
  readonly #pets = new Map<number, Pet>()
  #nextId = 1

  constructor(seed: readonly NewPet[] = SEED) {
    for (const pet of seed) this.create(pet, '2024-01-15T09:30:00.000Z')
  }

  list(kind?: Kind): Pet[] {
    return [...this.#pets.values()].filter((pet) => kind === undefined || pet.kind === kind)
  }

  get(id: number): Pet | undefined {
    return this.#pets.get(id)
  }

  hasName(name: string): boolean {
    return [...this.#pets.values()].some((pet) => pet.name === name)
  }

  create(input: NewPet, createdAt = new Date().toISOString()): Pet {
    const pet: Pet = { id: this.#nextId++, ...input, createdAt, version: 1 }
    this.#pets.set(pet.id, pet)
    return pet
  }

  update(id: number, patch: PetUpdate): Pet | undefined {
    const pet = this.#pets.get(id)
    if (pet === undefined) return undefined
    const updated: Pet = { ...pet, ...patch, version: pet.version + 1 }
    this.#pets.set(id, updated)
    return updated
  }

  remove(id: number): boolean {
    return this.#pets.delete(id)
  }
}

/** Why a request body is not a valid new pet, or undefined when it is. */
export function newPetProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the body must be a JSON object'
  const { name, kind, tag, ...rest } = body as Record<string, unknown>
  if (Object.keys(rest).length > 0) return `unknown field(s): ${Object.keys(rest).join(', ')}`
  if (typeof name !== 'string' || name.length < 1 || name.length > 50)
    return 'name must be 1 to 50 characters'
  if (kind !== 'cat' && kind !== 'dog') return "kind must be 'cat' or 'dog'"
  if (tag !== undefined && tag !== null && typeof tag !== 'string') return 'tag must be a string or null'
  return undefined
}

/** Why a request body is not a valid update, or undefined when it is. */
export function petUpdateProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the body must be a JSON object'
  const { name, tag, ...rest } = body as Record<string, unknown>
  if (Object.keys(rest).length > 0) return `unknown field(s): ${Object.keys(rest).join(', ')}`
  if (name === undefined && tag === undefined) return 'nothing to update'
  if (name !== undefined && (typeof name !== 'string' || name.length < 1 || name.length > 50)) {
    return 'name must be 1 to 50 characters'
  }
  if (tag !== undefined && tag !== null && typeof tag !== 'string') return 'tag must be a string or null'
  return undefined
}

/** A problem detail (RFC 9457). */
export function problem(status: number, title: string, detail?: string) {
  return { type: 'about:blank', title, status, ...(detail === undefined ? {} : { detail }) }
}

/** A 1×1 transparent PNG. */
export const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
