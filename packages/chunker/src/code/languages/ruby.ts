import { defineRules, type LanguageRules } from '../rules.js'

/** Rules for Ruby: `def` inside a class or module is a method. */
export const rubyRules: LanguageRules = defineRules({
  symbols: {
    method: { kind: 'function' },
    singleton_method: { kind: 'method' },
    class: { kind: 'class', container: true },
    module: { kind: 'module', container: true },
  },
  transparent: ['singleton_class', 'body_statement'],
  comments: ['comment'],
  methodParents: ['class', 'module'],
})
