import { childOfType, defineRules, textOf, type LanguageRules } from '../rules.js'

/** Rules for INI files: one symbol per `[section]`. */
export const iniRules: LanguageRules = defineRules({
  symbols: {
    section: {
      kind: 'section',
      name: (node, text) => {
        const header = childOfType(node, 'section_name')
        return header ? textOf(header, text).replace(/[[\]\s]+/g, ' ').trim() : ''
      },
      body: () => null,
    },
  },
  comments: ['comment'],
})
