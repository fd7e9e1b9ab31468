/** Exit codes scripts can trust. */
export const EXIT = Object.freeze({ ok: 0, failure: 1, usage: 2 })
