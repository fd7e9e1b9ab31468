import { inLanguageList, words } from './language-words.js'

/**
 * Methods of a language's own types (arrays, maps, strings, promises, lists, dicts, streams of the
 * standard library): `items.push(x)`, `seen.set(k, v)`, `names.append(n)`. A call of one on a
 * receiver whose type resolution does not know is most likely the runtime's, so a definition of
 * the index with the same name is only one candidate of several (`resolve-names.ts`), not the
 * call's target. Only the languages with such a list here have one (Ruby's calls need no parentheses: `items.each`).
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

/** Ruby's core classes' and Enumerable's methods, and Active Record's and Active Support's that every Rails model and value has. */
const RUBY = words(`
  each each_with_index each_with_object map collect flat_map select filter reject find detect find_all find_index inject reduce
  sum count size length empty? any? all? none? one? include? member? first last min max min_by max_by sort sort_by group_by
  partition zip take drop take_while drop_while uniq compact flatten reverse push pop shift unshift concat insert delete
  delete_at delete_if keep_if clear dup clone freeze frozen? tap then yield_self to_a to_h to_s to_i to_f to_sym to_proc
  inspect hash eql? equal? nil? is_a? kind_of? instance_of? respond_to? send public_send method class object_id itself
  keys values key? has_key? value? fetch dig merge merge! update store slice except transform_values transform_keys
  split strip lstrip rstrip chomp chop gsub gsub! sub sub! upcase downcase capitalize start_with? end_with? match match?
  scan tr squeeze center ljust rjust lines chars bytes encoding force_encoding format succ next pred times upto downto
  abs round floor ceil zero? positive? negative? even? odd? between? clamp call join
  save save! update! destroy destroy! reload errors valid? invalid? persisted? new_record? changed? attributes
  present? blank? presence try in? to_param to_json as_json html_safe`)

const BY_LANGUAGE: Readonly<Record<string, ReadonlySet<string>>> = {
  ruby: RUBY,
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
