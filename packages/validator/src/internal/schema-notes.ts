// Facts about lowered schema nodes that error rendering needs: which document node a lowered node came
// from, and which nodes the lowering itself introduced (so their errors read in OpenAPI terms).
export type SchemaNote =
  // `anyOf: [<schema>, {type: null}]` built for a 3.0 `nullable: true`.
  | { readonly kind: 'nullable-wrapper' }
  // `if <property> = <value> then <target>` built for a discriminator mapping entry.
  | {
      readonly kind: 'discriminator-branch'
      readonly property: string
      readonly value: string
      readonly target: string
    }
  // The `if: {type: object}` switch a discriminator is lowered to (objects by value, others by `oneOf`).
  | { readonly kind: 'discriminator-switch' }
  // The `{required, properties: {<p>: {enum}}}` guard of a discriminator.
  | { readonly kind: 'discriminator-guard'; readonly property: string; readonly values: readonly string[] }
  // A property refused in this context: `readOnly` in a request, `writeOnly` in a response.
  | { readonly kind: 'forbidden'; readonly keyword: 'readOnly' | 'writeOnly' }

export interface SchemaNotes {
  // Lowered node → JSON pointer (`#/…`) of the document node it came from.
  readonly source: WeakMap<object, string>
  readonly notes: WeakMap<object, SchemaNote>
  // Registered resource id (`$id`) → lowered schema, so error rendering can follow `$ref`s.
  readonly resources: Map<string, object | boolean>
}
