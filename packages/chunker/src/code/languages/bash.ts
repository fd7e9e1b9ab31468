import { defineRules, type LanguageRules } from '../rules.js'

/** Rules for Bash and other POSIX shells. */
export const bashRules: LanguageRules = defineRules({
  symbols: { function_definition: { kind: 'function' } },
  comments: ['comment'],
})
