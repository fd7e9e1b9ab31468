import { inLanguageList, words } from './language-words.js'

/**
 * Names a language provides without an import: Python's builtins, Go's predeclared functions,
 * JavaScript's globals (the browser's too, and the globals test runners give test files: jest's and vitest's
 * `describe`, `it`, `expect`, `vi`, mocha's `before`), `java.lang`, Kotlin's default imports,
 * C#'s keyword types and the `System` types every project uses, Rust's prelude, Ruby's `Kernel`. A call of one that the file
 * does not define or import is `external` (the language's runtime), not `unresolved`, and a
 * receiver that is one (`Math.max`, `JSON.parse`, `System.out.println`, `Vec::new`) makes its
 * call external too.
 */

/** Python's `dir(builtins)`, less the constants and dunder names. */
const PYTHON = words(`
  ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError BrokenPipeError BufferError
  BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError ConnectionResetError
  DeprecationWarning EOFError EncodingWarning EnvironmentError Exception ExceptionGroup FileExistsError FileNotFoundError
  FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError IndexError
  InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError
  NotADirectoryError NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError
  RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration SyntaxError
  SyntaxWarning SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError UnicodeDecodeError
  UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ValueError Warning ZeroDivisionError
  abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict
  dir divmod enumerate eval exec exit filter float format frozenset getattr globals hasattr hash help hex id input int
  isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print property quit
  range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip __import__`)

/** Go's predeclared functions, and its predeclared types, which convert when called (`[]byte(s)`, `string(b)`, `int64(n)`). */
const GO = words(`append cap clear close complex copy delete imag len make max min new panic print println real recover
  any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8
  uint16 uint32 uint64 uintptr`)

const JAVASCRIPT = words(`
  AbortController AggregateError Array ArrayBuffer Atomics BigInt BigInt64Array BigUint64Array Blob Boolean Buffer
  DataView Date Error EvalError Event EventTarget FinalizationRegistry Float32Array Float64Array FormData Function Headers
  Int16Array Int32Array Int8Array Intl JSON Map Math Number Object Promise Proxy RangeError ReferenceError Reflect RegExp
  Request Response Set SharedArrayBuffer String Symbol SyntaxError TextDecoder TextEncoder TypeError URIError URL
  URLSearchParams Uint16Array Uint32Array Uint8Array Uint8ClampedArray WeakMap WeakRef WeakSet atob btoa clearImmediate
  clearInterval clearTimeout console decodeURI decodeURIComponent document encodeURI encodeURIComponent fetch globalThis
  isFinite isNaN navigator parseFloat parseInt process queueMicrotask setImmediate setInterval setTimeout structuredClone
  window
  AbortSignal BroadcastChannel ByteLengthQueuingStrategy CloseEvent CompressionStream CountQueuingStrategy CustomEvent
  DOMException DecompressionStream ErrorEvent File MessageChannel MessageEvent MessagePort PerformanceObserver
  ReadableStream TextDecoderStream TextEncoderStream TransformStream WebAssembly WebSocket WritableStream crypto
  performance reportError
  describe it test expect beforeEach afterEach beforeAll afterAll vi jest suite before after xit xdescribe fit fdescribe`)

/**
 * The browser's globals (the DOM and the web platform, TypeScript's `lib.dom`): classes a value is
 * annotated with (`span: HTMLSpanElement`, `useRef<HTMLInputElement>`), objects called through
 * (`localStorage.getItem()`), and functions. Elements and SVG elements are matched by their names'
 * shape ({@link isBrowserElement}), not listed.
 */
const BROWSER = words(`
  AnimationEvent Audio BeforeUnloadEvent CanvasRenderingContext2D ClipboardEvent DOMParser DOMRect DataTransfer Document
  DocumentFragment DragEvent Element FileList FileReader FocusEvent HashChangeEvent HTMLCollection HTMLElement Image
  InputEvent IntersectionObserver IntersectionObserverEntry KeyboardEvent MediaQueryList MouseEvent MutationObserver
  NodeList PointerEvent PopStateEvent ProgressEvent ResizeObserver ResizeObserverEntry ShadowRoot StorageEvent
  SubmitEvent TouchEvent TransitionEvent UIEvent WheelEvent Window XMLHttpRequest XMLSerializer
  localStorage sessionStorage getComputedStyle matchMedia requestAnimationFrame cancelAnimationFrame
  requestIdleCallback cancelIdleCallback alert confirm`)

const JAVASCRIPT_AND_BROWSER: ReadonlySet<string> = new Set([...JAVASCRIPT, ...BROWSER])

/** `HTMLInputElement`, `SVGPathElement`: the DOM's element classes. */
const BROWSER_ELEMENT = /^(?:HTML|SVG)[A-Z]\w*Element$/

/** Whether `name` is one of the DOM's element classes (`HTMLDivElement`, `SVGSVGElement`). */
function isBrowserElement(name: string): boolean {
  return BROWSER_ELEMENT.test(name)
}

const JAVA = words(`
  ArithmeticException ArrayIndexOutOfBoundsException AssertionError Boolean Byte CharSequence Character Class
  ClassCastException ClassNotFoundException CloneNotSupportedException Double Enum Error Exception Float
  IllegalAccessException IllegalArgumentException IllegalStateException IndexOutOfBoundsException
  InterruptedException Integer Iterable Long Math NegativeArraySizeException NoSuchFieldException NoSuchMethodException
  NullPointerException Number NumberFormatException Object Runnable RuntimeException SecurityException Short
  StackOverflowError StrictMath String StringBuffer StringBuilder StringIndexOutOfBoundsException System Thread
  ThreadLocal Throwable UnsupportedOperationException Void
  Appendable ArrayStoreException AutoCloseable ClassLoader Cloneable Comparable EnumConstantNotPresentException
  ExceptionInInitializerError IllegalMonitorStateException InheritableThreadLocal InstantiationException InternalError
  LinkageError NoClassDefFoundError OutOfMemoryError Process ProcessBuilder Readable ReflectiveOperationException Runtime
  StackTraceElement ThreadGroup TypeNotPresentException UnknownError VirtualMachineError`)

/** What every Kotlin file sees unimported: `kotlin.*` (collections, text, ranges, ...) and `java.lang.*`. */
const KOTLIN: ReadonlySet<string> = new Set([...JAVA, ...words(`
  Any Array ArrayList Boolean Byte Char Comparable Comparator Double Float HashMap HashSet IllegalArgumentException
  IllegalStateException Int LinkedHashMap LinkedHashSet Long NoSuchElementException NotImplementedError Nothing Pair
  Regex Result Short Triple UInt ULong Unit TODO also apply arrayOf arrayOfNulls assert booleanArrayOf buildList buildMap
  buildSet buildString byteArrayOf charArrayOf check checkNotNull doubleArrayOf emptyArray emptyList emptyMap emptySequence
  emptySet error floatArrayOf generateSequence hashMapOf hashSetOf intArrayOf lazy lazyOf let linkedMapOf linkedSetOf listOf
  listOfNotNull longArrayOf mapOf maxOf minOf mutableListOf mutableMapOf mutableSetOf print println readLine readln repeat
  require requireNotNull run runCatching sequence sequenceOf setOf setOfNotNull shortArrayOf sortedMapOf sortedSetOf
  synchronized takeIf takeUnless to with`)])

/** Rust's prelude (its types, traits, functions and macros) and the standard derive macros (`Debug`, `Hash`), which need no import. */
const RUST = words(`
  Box Err None Ok Option Result Some String Vec Default Clone Iterator drop assert assert_eq assert_ne debug_assert
  debug_assert_eq eprint eprintln format panic print println todo unimplemented unreachable vec write writeln matches
  AsMut AsRef Copy DoubleEndedIterator Drop Eq ExactSizeIterator Extend Fn FnMut FnOnce From FromIterator Into
  IntoIterator Ord PartialEq PartialOrd Send Sized Sync ToOwned ToString TryFrom TryInto Unpin Debug Hash`)

/** C#'s keyword types (`string.IsNullOrEmpty`), and `System`'s and its collections' types a file uses without naming their namespace. */
const CSHARP = words(`
  bool byte char decimal double float int long object sbyte short string uint ulong ushort nameof typeof
  Action ApplicationException ArgumentException ArgumentNullException ArgumentOutOfRangeException Array Console Convert
  DateTime DateTimeOffset Dictionary Enum Environment Exception Func Guid HashSet IEnumerable InvalidOperationException
  KeyNotFoundException KeyValuePair List Math NotImplementedException NotSupportedException Nullable Object Random String
  StringBuilder Task TimeSpan Tuple Type Uri ValueTask`)

const RUBY = words(`
  Array Float Hash Integer String attr_accessor attr_reader attr_writer catch extend format include lambda loop p pp
  print printf private proc protected public puts raise rand require require_relative sleep sprintf throw`)

const BY_LANGUAGE: Readonly<Record<string, ReadonlySet<string>>> = {
  python: PYTHON,
  go: GO,
  javascript: JAVASCRIPT_AND_BROWSER,
  typescript: JAVASCRIPT_AND_BROWSER,
  tsx: JAVASCRIPT_AND_BROWSER,
  java: JAVA,
  kotlin: KOTLIN,
  rust: RUST,
  ruby: RUBY,
  csharp: CSHARP,
}

const listed = inLanguageList(BY_LANGUAGE)
/** The languages of JavaScript's runtime (the browser's and the test runners' globals are theirs). */
const JAVASCRIPT_LANGUAGES: ReadonlySet<string> = new Set(['javascript', 'typescript', 'tsx'])

/** Whether `name` is one of the language's own names (see the module comment); `false` for a language without a list. */
export function isBuiltin(language: string, name: string): boolean {
  return listed(language, name) || (JAVASCRIPT_LANGUAGES.has(language) && isBrowserElement(name))
}

/**
 * Whether a receiver's first name is the runtime's (`Math` of `Math.max()`, Rust's `String` of
 * `String::from()`): a builtin, but not one of Rust's macros, which are called with a `!` and so are
 * never a receiver (`matches.get_one()` is a local `matches`, not `matches!`).
 */
export function isBuiltinReceiver(language: string, name: string): boolean {
  return isBuiltin(language, name) && !(language === 'rust' && /^[a-z]/.test(name))
}

/** Test runners' globals whose calls' values are the runner's (`expect(x).toBe(1)`, `vi.fn().mockReturnValue(2)`), unlike a runtime function's, which may be the argument (`structuredClone(x)`). */
const RUNNER_VALUES = words('expect vi jest')

/** Whether a call of `callee` (its first segment: `vi` of `vi.fn`) gives a value of the test runner's own (see {@link RUNNER_VALUES}). */
export function givesRunnerValue(language: string, callee: string): boolean {
  return JAVASCRIPT_LANGUAGES.has(language) && RUNNER_VALUES.has(callee.split('.', 1)[0] as string)
}

/**
 * The browser's functions whose value is always one of its own objects, never a value of the
 * code's (unlike `structuredClone(x)`'s, its argument): `fetch()`'s `Response`, the DOM's elements
 * and selections.
 */
const RUNTIME_VALUES = words(`
  fetch getComputedStyle matchMedia window.fetch window.getComputedStyle window.matchMedia window.getSelection window.open
  document.createElement document.createElementNS document.createTextNode document.createRange document.getElementById
  document.getElementsByClassName document.getElementsByTagName document.getSelection document.querySelector
  document.querySelectorAll document.elementFromPoint`)

/** Whether a call of `callee` (as written: `fetch`, `document.querySelector`) gives one of the browser's objects (see {@link RUNTIME_VALUES}). */
export function givesRuntimeValue(language: string, callee: string): boolean {
  return JAVASCRIPT_LANGUAGES.has(language) && RUNTIME_VALUES.has(callee)
}

/** Languages whose code cannot add methods to the runtime's classes (Kotlin's and C#'s extension functions, Ruby's reopened classes can). */
const CLOSED_RUNTIME = new Set(['javascript', 'typescript', 'tsx', 'python', 'java'])

/**
 * `true` when `type` is a class of the language's runtime whose members are all the runtime's
 * (`Buffer`, `Map`, `TextEncoder`, Python's `ValueError`): not a top type (`Object`), which any
 * class may be, and not in a language whose code can add methods to it.
 */
export function isClosedRuntimeClass(language: string, type: string): boolean {
  return CLOSED_RUNTIME.has(language) && type !== 'Object' && isBuiltin(language, type)
}
