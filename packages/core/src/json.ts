/** A JSON value: what a store keeps as the session's index state and what travels between processes. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue }
