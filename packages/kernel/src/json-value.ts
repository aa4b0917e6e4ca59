/** A JSON value as produced by `JSON.parse` or a YAML parser in JSON mode. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue }
