import { inLanguageList, words } from './language-words.js'

/**
 * Methods of a language's own types (arrays, maps, strings, promises, lists, dicts, streams of the
 * standard library): `items.push(x)`, `seen.set(k, v)`, `names.append(n)`. A call of one on a
 * receiver whose type resolution does not know is most likely the runtime's, so a definition of
 * the index with the same name is only one candidate of several (`resolve-names.ts`), not the
 * call's target. Only the languages where such calls are written `x.name()` have a list.
 */

const JAVASCRIPT = words(`
  at concat copyWithin entries every fill filter find findIndex findLast findLastIndex flat flatMap forEach includes
  indexOf join keys lastIndexOf map pop push reduce reduceRight reverse shift slice some sort splice toReversed
  toSorted toSpliced unshift values with
  add clear delete get has set
  charAt charCodeAt codePointAt endsWith localeCompare match matchAll normalize padEnd padStart repeat replace
  replaceAll search split startsWith substring substr toLowerCase toUpperCase toLocaleLowerCase toLocaleUpperCase
  trim trimEnd trimStart
  then catch finally exec test
  hasOwnProperty isPrototypeOf propertyIsEnumerable toLocaleString toString valueOf toJSON apply bind call
  getTime getFullYear getMonth getDate getDay getHours getMinutes getSeconds getMilliseconds toISOString
  toUTCString toDateString toLocaleDateString toLocaleTimeString toFixed toPrecision subarray next return throw
  abort addEventListener removeEventListener dispatchEvent on once off emit addListener removeListener
  removeAllListeners isDirectory isFile isSymbolicLink send postMessage`)

const PYTHON = words(`
  append extend insert remove pop clear index count sort reverse copy
  get items keys values update setdefault popitem
  add discard union intersection difference issubset issuperset symmetric_difference
  join split rsplit strip lstrip rstrip replace startswith endswith format format_map lower upper title capitalize
  casefold encode decode find rfind splitlines partition rpartition isdigit isalpha isalnum isspace isupper
  islower zfill ljust rjust center translate
  read readline readlines write writelines seek tell flush fileno getvalue isatty readable writable seekable truncate`)

const JAVA = words(`
  add addAll remove removeAll get put putAll putIfAbsent containsKey containsValue contains isEmpty size clear
  keySet values entrySet getOrDefault computeIfAbsent iterator hasNext next stream map filter collect forEach
  reduce sorted distinct limit findFirst findAny anyMatch allMatch noneMatch orElse orElseGet orElseThrow
  isPresent ifPresent equals hashCode toString length charAt substring indexOf startsWith endsWith trim split
  replace toLowerCase toUpperCase append getClass compareTo`)

const KOTLIN: ReadonlySet<string> = new Set([...JAVA, ...words(`
  let also apply run takeIf takeUnless first firstOrNull last lastOrNull any all none count sum joinToString
  toList toMutableList toSet toMap getOrElse getOrNull orEmpty isNullOrEmpty isNotEmpty mapNotNull associate
  groupBy sortedBy`)])

const CSHARP = words(`
  Add AddRange Remove Contains ContainsKey TryGetValue Clear ToString Equals GetHashCode Where Select SelectMany
  FirstOrDefault First Any All ToList ToArray ToDictionary OrderBy OrderByDescending GroupBy Sum Max Min Distinct
  Skip Take Aggregate StartsWith EndsWith Substring Trim Split Replace ToLower ToUpper IndexOf Append AppendLine`)

const BY_LANGUAGE: Readonly<Record<string, ReadonlySet<string>>> = {
  javascript: JAVASCRIPT,
  typescript: JAVASCRIPT,
  tsx: JAVASCRIPT,
  python: PYTHON,
  java: JAVA,
  kotlin: KOTLIN,
  csharp: CSHARP,
}

/** Whether `name` is a method of the language's own types (see the module comment). */
export const isRuntimeMethod: (language: string, name: string) => boolean = inLanguageList(BY_LANGUAGE)

/**
 * `java.lang.Object`'s final methods that a class does not overload in practice: on any value they
 * are `Object`'s, never a class's of the index (`notify` and `wait` are left out: `notify(event)`
 * is a common overload of an observer).
 */
const JAVA_FINAL_OBJECT_METHODS: ReadonlySet<string> = new Set(['getClass'])

/**
 * Whether a Java call is surely the runtime's whatever the index defines: `array.getClass()` of
 * `Object`'s final method on a value (not a type's static `ClassUtils.getClass(String)`), or
 * `Foo.class.getName()` of a class literal, a `java.lang.Class`.
 *
 * @example
 * isJavaRuntimeCall('array', 'getClass') // true
 * isJavaRuntimeCall('ClassUtils', 'getClass') // false
 */
export function isJavaRuntimeCall(receiver: string, name: string): boolean {
  return receiver.endsWith('.class') || (JAVA_FINAL_OBJECT_METHODS.has(name) && !/^[A-Z]/.test(receiver))
}
