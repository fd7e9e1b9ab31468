/**
 * The form names are compared in: lower case without `_`, `-` and `$`, so `form_mapping`,
 * `formMapping` and `FormMapping` meet.
 *
 * @example
 * normalizeName('Form_Mapping') // 'formmapping'
 */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[_\-$]/g, '')
}

/** The file name of a path without its extensions: `form_mapping` of `binding/form_mapping.go`, `index` of `types/index.d.ts`. */
export function fileStem(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.indexOf('.', 1)
  return dot > 0 ? name.slice(0, dot) : name
}

/**
 * The file name of a path without its last extension, the words of its other parts kept: `user.entity`
 * of `src/users/user.entity.ts`, `users.service` of NestJS's `users.service.ts`, `index.d` of `index.d.ts`.
 */
export function fileName(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(0, dot) : name
}

/** The folder part of a path (`''` for a file at the root). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash)
}
