import { keyArg, keyedString, stringArg, type Arg } from '../args.js'
import type { EntrypointDraft, SymbolFact } from '../facts.js'
import { MAIN_GUARD, runnerOf } from '../families/python.js'
import { callDraft, decoratorDraft, handlerOf, JS_LANGUAGES, rowOfOffset, type DetectContext, type EntrypointDetector } from './detector.js'

/** Kotlin's `main()` or `main(args: Array<String>)`: top level, or `@JvmStatic` in an object. */
function kotlinMain(s: SymbolFact): boolean {
  if (s.name !== 'main' || !/\bfun\s+main\s*\(\s*(?:\w+\s*:\s*Array\s*<\s*(?:out\s+)?String\s*>\s*)?\)/.test(s.signature)) return false
  if (s.kind === 'function' && !s.parent) return true
  return s.kind === 'method' && s.parent?.kind === 'object' && s.decorators.some((d) => d.name === 'JvmStatic')
}

/** Which definitions are a program's `main`, per language. */
const MAIN_RULES: Readonly<Record<string, (symbol: SymbolFact, packageName: string) => boolean>> = {
  go: (s, pkg) => pkg === 'main' && s.name === 'main' && s.kind === 'function' && !s.parent,
  rust: (s) => s.name === 'main' && s.kind === 'function' && !s.parent,
  c: (s) => s.name === 'main' && s.kind === 'function' && !s.parent,
  cpp: (s) => s.name === 'main' && s.kind === 'function' && !s.parent,
  java: (s) => s.name === 'main' && s.kind === 'method' && /\bstatic\b/.test(s.signature) && /\bvoid\b/.test(s.signature),
  csharp: (s) => s.name === 'Main' && s.kind === 'method' && /\bstatic\b/.test(s.signature),
  kotlin: kotlinMain,
  // (Swift's `@main` type: its `static func main()`, or the type itself, a SwiftUI `App`; Dart's top-level `main`.)
  swift: (s) => s.parent === undefined && s.decorators.some((d) => d.name === 'main'),
  dart: (s) => s.name === 'main' && s.kind === 'function' && !s.parent,
}

/** `main` functions: Go's `func main` in `package main`, Rust, C and C++ `main`, Java's and C#'s static `main`, Kotlin's `fun main`, Swift's `@main` type, Dart's `main`. */
const mainFunctions: EntrypointDetector = {
  framework: 'main',
  languages: Object.keys(MAIN_RULES),
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { facts } = context
    const rule = MAIN_RULES[facts.language]
    if (!rule) return []
    return facts.symbols
      .filter((symbol) => rule(symbol, facts.packageName))
      .map((symbol) => ({
        kind: 'main' as const,
        framework: facts.language,
        method: '',
        route: '',
        handler: symbol.qname,
        row: symbol.startRow,
        endRow: symbol.endRow,
        offset: symbol.start,
        text: symbol.signature,
        declaring: symbol,
      }))
  },
}

/** Spring's and Quarkus's `@Scheduled(cron = "...")`, NestJS's `@Cron('...')` / `@Interval(ms)`. */
function scheduledDecorators(framework: string, languages: readonly string[], module: string, names: readonly string[]): EntrypointDetector {
  return {
    framework,
    languages,
    imports: [module],
    detect(context: DetectContext): EntrypointDraft[] {
      const drafts: EntrypointDraft[] = []
      for (const symbol of context.facts.symbols) {
        for (const decorator of symbol.decorators) {
          if (!names.includes(decorator.name)) continue
          const keyed = decorator.args.find((arg) => arg.key !== '')
          const schedule = stringArg(decorator.args, 0, ['cron']) ?? (keyed ? `${keyed.key}=${keyed.value}` : (decorator.args[0]?.value ?? ''))
          drafts.push(decoratorDraft(symbol, decorator, { kind: 'scheduled', framework, method: '', route: schedule }))
        }
      }
      return drafts
    },
  }
}

/** A Celery module: `celery` itself, its submodules, or a project's Celery app module (`proj.celery`, `.celery`). */
const CELERY_MODULE = /^(?:celery(?:\..+)?|.*\.celery)$/

/** Celery's decorators that make a function a task without an app object. */
const CELERY_TASK_DECORATORS: ReadonlySet<string> = new Set(['shared_task', 'task', 'periodic_task'])

/**
 * Celery tasks, the jobs workers run, in a file that imports Celery: `@shared_task`,
 * `@app.task(name='billing.charge')` on an app it imports (`from proj.celery import app`, `from
 * config import app`) or makes (`app = Celery('proj')`), and the old `@task` / `@periodic_task`. The route is the task's name:
 * its `name=`, else the function's.
 */
const celeryTasks: EntrypointDetector = {
  framework: 'celery',
  languages: ['python'],
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { facts } = context
    // In a file that imports Celery: the names its imports bind (an app is often imported from the
    // project's own module: `from config import app`), and apps made here.
    if (!facts.imports.some((fact) => CELERY_MODULE.test(fact.specifier))) return []
    const apps = new Set<string>()
    for (const fact of facts.imports) for (const name of fact.names) apps.add(name.alias ?? name.name)
    for (const call of facts.calls) {
      const assigned = call.name === 'Celery' && apps.has('Celery') ? call.assignedTo() : undefined
      if (assigned) apps.add(assigned)
    }
    const drafts: EntrypointDraft[] = []
    for (const symbol of facts.symbols) {
      if (symbol.kind !== 'function' && symbol.kind !== 'method') continue
      for (const decorator of symbol.decorators) {
        const { name } = decorator
        const onApp = name.endsWith('.task') && apps.has(name.slice(0, -'.task'.length))
        if (!onApp && !(CELERY_TASK_DECORATORS.has(name) && apps.has(name))) continue
        const route = keyedString(decorator.args, 'name') ?? symbol.name
        drafts.push(decoratorDraft(symbol, decorator, { kind: 'job', framework: 'celery', method: '', route }))
      }
    }
    return drafts
  },
}

/** APScheduler's trigger fields, as its triggers take them: what a job's schedule is written with. */
const APSCHEDULER_FIELDS: ReadonlySet<string> = new Set([
  ...['year', 'month', 'day', 'week', 'day_of_week', 'hour', 'minute', 'second'],
  ...['weeks', 'days', 'hours', 'minutes', 'seconds', 'start_date', 'end_date', 'run_date', 'jitter'],
])

/** An APScheduler schedule: the trigger and its fields (`cron hour=17`), from a job's arguments. */
function apschedulerSchedule(args: readonly Arg[]): string {
  const trigger = args.find((arg) => !arg.key && arg.kind === 'string')?.value ?? keyedString(args, 'trigger') ?? ''
  const fields = args.filter((arg) => APSCHEDULER_FIELDS.has(arg.key)).map((arg) => `${arg.key}=${arg.value}`)
  return [trigger, ...fields].filter(Boolean).join(' ')
}

/** APScheduler: `@sched.scheduled_job('interval', minutes=3)` and `sched.add_job(func, 'cron', hour=6)`. */
const apscheduler: EntrypointDetector = {
  framework: 'apscheduler',
  languages: ['python'],
  imports: ['apscheduler'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const symbol of context.facts.symbols) {
      for (const decorator of symbol.decorators) {
        if (!decorator.name.endsWith('.scheduled_job')) continue
        drafts.push(decoratorDraft(symbol, decorator, { kind: 'scheduled', framework: 'apscheduler', method: '', route: apschedulerSchedule(decorator.args) }))
      }
    }
    for (const call of context.facts.calls) {
      if (call.name !== 'add_job' || call.receiver === '') continue
      const args = call.args()
      const job = args.find((arg) => !arg.key) ?? keyArg(args, 'func')
      if (job === undefined || job.kind === 'string') continue
      drafts.push(callDraft(call, { kind: 'scheduled', framework: 'apscheduler', method: '', route: apschedulerSchedule(args.filter((arg) => arg !== job)), handler: handlerOf(job) }))
    }
    return drafts
  },
}

/** A Go job value written in place: `reportJob{}`, `&jobs.Report{}` gives its type. */
const GO_LITERAL_TYPE = /^&?\s*([A-Za-z_][\w.]*)\s*\{/

/** Jobs registered by a call whose first argument is the schedule (or queue) and whose second is the job. */
interface ScheduledCalls {
  readonly framework: string
  readonly languages: readonly string[]
  readonly imports: readonly string[]
  /** The callee names that register a job. */
  readonly names: readonly string[]
  /** Called on a receiver (`cron.schedule(...)`), else bare (`new Worker(...)`). */
  readonly onReceiver: boolean
  /** `job` for a queue's worker (the route is the queue), else `scheduled` (the route is the schedule). @default 'scheduled' */
  readonly kind?: 'scheduled' | 'job'
}

/** A detector for {@link ScheduledCalls}: the route is the first argument, a non-empty string; the handler the second. */
function scheduledCalls(entry: ScheduledCalls): EntrypointDetector {
  const { framework, languages, imports, names, onReceiver, kind = 'scheduled' } = entry
  return {
    framework,
    languages,
    imports,
    detect(context: DetectContext): EntrypointDraft[] {
      const drafts: EntrypointDraft[] = []
      for (const call of context.facts.calls) {
        if (!names.includes(call.name) || (call.receiver !== '') !== onReceiver) continue
        const [schedule, job] = call.args()
        if (schedule?.kind !== 'string' || schedule.value === '' || job === undefined) continue
        const handler = handlerOf(job) || (GO_LITERAL_TYPE.exec(job.value)?.[1] ?? '')
        drafts.push(callDraft(call, { kind, framework, method: '', route: schedule.value, handler }))
      }
      return drafts
    },
  }
}

/** A statement at the start of a line that calls something: `main()`, `sys.exit(main())`, `raise SystemExit(cli())`. */
const TOP_LEVEL_CALL = /^(?:(?:sys\.)?exit\(|raise[ \t]+SystemExit\()?[A-Za-z_][\w.]*[ \t]*\(/gm
/** A `__main__` guard (the Python family's) anywhere in a file's text, at the start of a line. */
const GUARD_LINE = new RegExp(MAIN_GUARD.source, 'm')

/**
 * A package's `__main__.py` without a `__main__` guard: `python -m black` runs it as the program,
 * so its last top-level call statement is the main (black's `patched_main()`).
 */
const pythonMainModules: EntrypointDetector = {
  framework: 'python',
  languages: ['python'],
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { path, masked, text } = context.facts
    if (!(path === '__main__.py' || path.endsWith('/__main__.py')) || GUARD_LINE.test(text)) return []
    let last: RegExpExecArray | undefined
    TOP_LEVEL_CALL.lastIndex = 0
    for (let m = TOP_LEVEL_CALL.exec(masked); m; m = TOP_LEVEL_CALL.exec(masked)) last = m
    if (last === undefined) return []
    const end = text.indexOf('\n', last.index)
    const statement = text.slice(last.index, end < 0 ? text.length : end)
    const row = rowOfOffset(text, last.index)
    return [{ kind: 'main', framework: 'python', method: '', route: '', handler: runnerOf(statement), row, endRow: row, offset: last.index, text: statement.trim() }]
  },
}

/**
 * A Swift executable's `main.swift`: its top-level code is the program (without an `@main` type),
 * from its first top-level call (swift-argument-parser's `RollOptions.parseOrExit()`).
 */
const swiftMainFiles: EntrypointDetector = {
  framework: 'swift',
  languages: ['swift'],
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    const { path, text, calls } = context.facts
    if (!(path === 'main.swift' || path.endsWith('/main.swift'))) return []
    // (A top-level `let options = RollOptions.parseOrExit()` runs too: a property of the file, not a type's.)
    const first = calls.find((call) => {
      const around = context.enclosing(call.offset)
      return around === undefined || (around.kind === 'property' && around.parent === undefined)
    })
    if (first === undefined) return []
    const end = text.indexOf('\n', first.offset)
    const statement = text.slice(first.offset, end < 0 ? text.length : end).trim()
    return [{ kind: 'main', framework: 'swift', method: '', route: '', handler: '', row: first.row, endRow: first.row, offset: first.offset, text: statement }]
  },
}

/** Mains and scheduled jobs. Python's and Ruby's `__main__` guards are recognised by their families; a guardless `__main__.py` and Swift's `main.swift` here. */
export const MAIN_AND_JOB_DETECTORS: readonly EntrypointDetector[] = [
  mainFunctions,
  pythonMainModules,
  swiftMainFiles,
  scheduledDecorators('spring', ['java', 'kotlin'], 'org.springframework', ['Scheduled']),
  // Quarkus: `@Scheduled(every = "10s")`, `@Scheduled(cron = "0 15 10 * * ?")`.
  scheduledDecorators('quarkus', ['java', 'kotlin'], 'io.quarkus.scheduler', ['Scheduled']),
  scheduledDecorators('nestjs', ['typescript', 'tsx', 'javascript'], '@nestjs/schedule', ['Cron', 'Interval', 'Timeout']),
  // node-cron: `cron.schedule('*\/5 * * * *', task)`.
  scheduledCalls({ framework: 'node-cron', languages: JS_LANGUAGES, imports: ['node-cron'], names: ['schedule'], onReceiver: true }),
  // robfig/cron: `c.AddFunc("30 * * * *", cleanup)`, `c.AddJob("@daily", reportJob{})`.
  scheduledCalls({ framework: 'robfig/cron', languages: ['go'], imports: ['github.com/robfig/cron'], names: ['AddFunc', 'AddJob'], onReceiver: true }),
  // BullMQ: `new Worker('emails', processor, options)` processes a queue's jobs; the route is the queue.
  scheduledCalls({ framework: 'bullmq', languages: JS_LANGUAGES, imports: ['bullmq'], names: ['Worker'], onReceiver: false, kind: 'job' }),
  celeryTasks,
  apscheduler,
]

