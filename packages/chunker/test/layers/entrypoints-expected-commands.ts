/**
 * The CLI commands, main functions and scheduled jobs of the per-framework fixtures, in the shape of
 * `entrypoints-expected.ts` (which lists the HTTP routes), with decoys (`std::process::Command`, ...):
 * every command, main and job listed by hand.
 */
export const COMMAND_EXPECTED: Readonly<Record<string, readonly string[]>> = {
  commander: [
    'cli.ts:10 cli-command commander - serve -> serve',
    'cli.ts:16 cli-command commander - clone -> -',
    'cli.ts:21 cli-command commander - db -> -',
    // Under the command it is added to.
    'cli.ts:22 cli-command commander - db migrate -> migrate',
    // A program the file parses keeps its name; its commands have no word of it.
    'named-program.ts:5 cli-command commander - shop -> -',
    'named-program.ts:6 cli-command commander - orders -> -',
    'named-program.ts:7 cli-command commander - orders list -> listOrders',
    'nested.js:8 cli-command commander - brew -> -',
    'nested.js:9 cli-command commander - brew tea -> brewTea',
    'nested.js:10 cli-command commander - brew coffee -> -',
    'nested.js:15 cli-command commander - config -> -',
    // `get` twice: each its own action.
    'nested.js:16 cli-command commander - config get -> getConfig',
    'nested.js:17 cli-command commander - config set -> setConfig',
    'nested.js:19 cli-command commander - remote -> -',
    'nested.js:22 cli-command commander - remote get -> getRemote',
    'nested.js:25 cli-command commander - cache -> -',
    'nested.js:25 cli-command commander - cache clear -> clearCache',
    // Executable subcommands are siblings: `.command(spec, description)` returns the parent.
    'nested.js:29 cli-command commander - install -> -',
    'nested.js:31 cli-command commander - search -> -',
    'nested.js:35 cli-command commander - heat -> -',
    'nested.js:36 cli-command commander - heat jug -> heatJug',
  ],
  yargs: [
    'cli.js:5 cli-command yargs - serve -> serveHandler',
    'cli.js:6 cli-command yargs - build -> build',
    'cli.js:7 cli-command yargs - deploy -> deploy',
    // Command modules written as one object: exported as the module, or a constant the file exports.
    'cmds/clean.js:1 cli-command yargs - clean -> handler',
    'cmds/config.js:2 cli-command yargs - config -> handler',
    'cmds/config.js:6 cli-command yargs - config get -> readKey',
    'cmds/config.js:7 cli-command yargs - config set -> writeKey',
    'cmds/init.js:3 cli-command yargs - init -> handler',
    'cmds/prune.ts:3 cli-command yargs - prune -> prune.handler',
    'cmds/serve.cjs:1 cli-command yargs - serve -> handler',
    'nested.mjs:6 cli-command yargs - math -> -',
    'nested.mjs:8 cli-command yargs - math add -> add',
    'nested.mjs:9 cli-command yargs - math sum -> sum',
    'nested.mjs:16 cli-command yargs - remote -> -',
    'nested.mjs:17 cli-command yargs - add -> addFile',
    // In a function named as `remote`'s builder.
    'nested.mjs:22 cli-command yargs - remote add -> addRemote',
    'nested.mjs:22 cli-command yargs - remote prune -> pruneRemotes',
  ],
  argparse: [
    'tool.py:13 cli-command argparse - tool -> -',
    'tool.py:17 cli-command argparse - init -> cmd_init',
    'tool.py:21 cli-command argparse - status -> cmd_status',
    'tool.py:28 main python - - -> main',
    // Each command's handler is the `set_defaults` of its own variable in its own function (every function reuses `p`).
    'pipx_like.py:6 cli-command argparse - install -> cmd_install',
    'pipx_like.py:12 cli-command argparse - remove -> cmd_remove',
    'pipx_like.py:14 cli-command argparse - rm -> cmd_rm',
    'pipx_like.py:19 cli-command argparse - cache -> print_help',
    // Nested subcommands are under their parent's word.
    'pipx_like.py:21 cli-command argparse - cache dir -> cmd_cache_dir',
    'pipx_like.py:22 cli-command argparse - cache purge -> cmd_cache_purge',
    'pipx_like.py:29 cli-command argparse - pipx -> -',
    'wrapped.py:5 cli-command argparse - hooks -> -',
    'wrapped.py:13 cli-command argparse - autoupdate -> -',
    'wrapped.py:17 cli-command argparse - clean -> -',
  ],
  // Laravel's Artisan commands: classes extending `Command` named by `$signature` (or `$name`), and `Artisan::command` in place.
  'laravel-commands': [
    'app/Console/Commands/LegacyCommand.php:8 cli-command laravel - legacy:sync -> LegacyCommand',
    'app/Console/Commands/RegenerateSearchCommand.php:7 cli-command laravel - bookstack:regenerate-search -> RegenerateSearchCommand.handle',
    'routes/console.php:5 cli-command laravel - inspire -> -',
    'routes/console.php:9 cli-command laravel - mail:send -> -',
  ],
  // Symfony's console commands: `#[AsCommand(name: ...)]`, or the older `$defaultName`; run by `execute`.
  'php-console': [
    'AddUserCommand.php:11 cli-command symfony - app:add-user -> AddUserCommand.execute',
    'ListUsersCommand.php:8 cli-command symfony - app:list-users -> ListUsersCommand.execute',
  ],
  // Django's management commands: the `Command` class of `<app>/management/commands/<name>.py` (not of a `_module`).
  'django-commands': ['tasks/management/commands/setup_periodic_tasks.py:4 cli-command django - setup_periodic_tasks -> Command.handle'],
  click: [
    'cli.py:4 cli-command click - cli -> cli',
    'cli.py:9 cli-command click - hello -> hello',
    'cli.py:15 cli-command click - init-db -> initdb',
    'cli.py:20 cli-command click - drop_db -> dropdb',
    'cli.py:25 cli-command click - sync-orders -> sync_orders',
    'cli.py:34 main python - - -> cli',
    // The outermost group is the program: its commands have no word of it.
    // A group made as an object is a command named as it names itself; its commands are under it.
    'group_objects.py:4 cli-command click - app -> app_cli',
    'group_objects.py:7 cli-command click - app list -> list_',
    'group_objects.py:12 cli-command click - tool -> tool',
    'groups.py:4 cli-command click - cli -> cli',
    'groups.py:10 cli-command click - ship -> ship',
    'groups.py:15 cli-command click - ship new -> ship_new',
    'groups.py:21 cli-command click - mine -> mine',
    'groups.py:26 cli-command click - mine set -> mine_set',
    // `cli.add_command(db)`, `db.add_command(backup)`, `cli.add_command(initialize, name="init")`.
    'groups.py:33 cli-command click - db -> db',
    'groups.py:38 cli-command click - db migrate -> migrate',
    'groups.py:43 cli-command click - db backup -> backup',
    'groups.py:48 cli-command click - init -> initialize',
  ],
  typer: [
    'apps.py:6 cli-command typer - items -> items_app',
    // Named by its `typer.Typer(name=...)`.
    'apps.py:8 cli-command typer - items reigns -> reigns_app',
    'apps.py:14 cli-command typer - items create -> items_create',
    'apps.py:19 cli-command typer - items reigns conquer -> conquer',
    // Added without a name: its commands are the parent's.
    'apps.py:24 cli-command typer - survey -> survey',
    'apps.py:29 main python - - -> app',
    'main.py:5 cli-command typer - users -> users_app',
    'main.py:8 cli-command typer - hello -> hello',
    'main.py:13 cli-command typer - bye -> goodbye',
    'main.py:18 cli-command typer - users create-user -> create_user',
    'registered.py:10 cli-command typer - status -> status_command',
    'registered.py:11 cli-command typer - scan-repository -> scan_repository',
    // One framework each in a file that imports both: no `(click)` twin of `hello`, no `(typer)` one of `migrate`.
    'registered.py:15 cli-command typer - hello -> hello',
    'registered.py:20 cli-command click - db -> db',
    'registered.py:26 cli-command click - migrate -> migrate',
    'main.py:28 main python - - -> app',
  ],
  cobra: [
    'root.go:11 cli-command cobra - hugo -> -',
    'root.go:19 cli-command cobra - version -> printVersion',
    'root.go:25 cli-command cobra - server -> runServer',
  ],
  'clap-derive': [
    'main.rs:7 cli-command clap - git -> Cli',
    // A subcommand's route is its whole command line, as cobra's: the enum's variants under the command holding it.
    'main.rs:15 cli-command clap - git clone -> Commands::Clone',
    'main.rs:21 cli-command clap - git push -> Commands::Push',
    'main.rs:23 cli-command clap - git add -> Commands::Add',
    'main.rs:25 cli-command clap - git ls-files -> Commands::ListFiles',
    'main.rs:26 cli-command clap - git stash-pop -> Commands::StashPop',
    'main.rs:27 cli-command clap - git stash -> Commands::Stash',
    'main.rs:28 cli-command clap - git remote -> Commands::Remote',
    'main.rs:45 main rust - - -> main',
    // Under a variant wrapping an `Args` struct (`Stash(StashArgs)`) or holding a subcommand field (`Remote { action }`).
    'main.rs:58 cli-command clap - git stash push -> StashCommands::Push',
    'main.rs:59 cli-command clap - git stash pop -> StashCommands::Pop',
    'main.rs:64 cli-command clap - git remote add -> RemoteAction::Add',
    'main.rs:66 cli-command clap - git remote rm -> RemoteAction::Remove',
    // A `Parser` enum's variants are commands of a binary naming none: the package's name, which the layer graph reads from `Cargo.toml`.
    'main.rs:72 cli-command clap - {CARGO_PKG_NAME} init -> Tool::Init',
    'main.rs:73 cli-command clap - {CARGO_PKG_NAME} query -> Tool::Query',
    // A flattened variant is no command; its enum's variants are the parent's own.
    'main.rs:79 cli-command clap - tool2 -> Tool2',
    'main.rs:86 cli-command clap - tool2 build -> Tool2Commands::Build',
    'main.rs:93 cli-command clap - tool2 clean -> ExtraCommands::Clean',
    // Not placed by this file: the variant alone.
    'main.rs:99 cli-command clap - sync -> Elsewhere::Sync',
    // clap named in the derive (`#[derive(clap::Parser)]`) with no `use clap`; another crate's `Parser` derive is none.
    'qualified.rs:4 cli-command clap - mini -> Args',
    'qualified.rs:11 cli-command clap - mini run -> Action::Run',
    'qualified.rs:12 cli-command clap - mini check -> Action::Check',
    'qualified.rs:20 main rust - - -> main',
    // `Parser` structs a variant wraps are its arguments, not commands of their own; their subcommands are under the variant.
    'zoxide.rs:8 cli-command clap - {CARGO_PKG_NAME} add -> Cmd::Add',
    'zoxide.rs:9 cli-command clap - {CARGO_PKG_NAME} edit -> Cmd::Edit',
    'zoxide.rs:10 cli-command clap - {CARGO_PKG_NAME} import -> Cmd::Import',
    'zoxide.rs:28 cli-command clap - {CARGO_PKG_NAME} edit decrement -> EditCommand::Decrement',
    'zoxide.rs:29 cli-command clap - {CARGO_PKG_NAME} edit delete -> EditCommand::Delete',
  ],
  'clap-builder': [
    'main.rs:4 cli-command clap - git -> -',
    // A command given to `.subcommand(...)` is under the command its chain builds, as with the derive API.
    'main.rs:8 cli-command clap - git clone -> -',
    'main.rs:12 cli-command clap - git push -> -',
    'main.rs:15 main rust - - -> main',
    'main.rs:25 cli-command clap - tool -> -',
    'main.rs:27 cli-command clap - tool remote -> -',
    'main.rs:28 cli-command clap - tool remote add -> -',
    'main.rs:29 cli-command clap - tool remote rm -> -',
    'main.rs:31 cli-command clap - tool status -> -',
    // By its crate path with no `use clap`; `std::process::Command::new` is none.
    'qualified.rs:3 cli-command clap - pack -> -',
    'qualified.rs:4 cli-command clap - pack unpack -> -',
    'qualified.rs:12 main rust - - -> main',
  ],
  mains: [
    'App.java:4 main java - - -> App.main',
    'Main.kt:3 main kotlin - - -> main',
    'Main.kt:10 main kotlin - - -> Migrate.main',
    'hello.kts:5 main kotlin - - -> main',
    'Program.cs:5 main csharp - - -> Program.Main',
    'main.c:5 main c - - -> main',
    'script.rb:5 main ruby - - -> run',
    'guards.py:15 main python - - -> main',
    'loop.py:9 main python - - -> -',
    'inline.py:5 main python - - -> run',
    // `sys.exit(ret)`: the handler is what set `ret`, in a `try` too; a bare exit runs nothing.
    'exit_code.py:9 main python - - -> main',
    'bare_exit.py:4 main python - - -> -',
    // An event loop's runner runs the coroutine of its argument: that function is the handler.
    'async_main.py:9 main python - - -> main',
    'async_inline.py:7 main python - - -> serve',
    // A runner handed the program's function (`typer.run(main)`); the call a conversion wraps (`sys.exit(int(not main()))`).
    'single_command.py:14 main python - - -> main',
    'negated_exit.py:8 main python - - -> main',
    // A package's `__main__.py` without a guard runs as the program (`python -m pkg`).
    'pkg/__main__.py:4 main python - - -> patched_main',
  ],
  scheduled: [
    'ReportJobs.java:8 scheduled spring - 0 0 6 * * * -> ReportJobs.dailyReport',
    'ReportJobs.java:11 scheduled spring - fixedRate=5000 -> ReportJobs.heartbeat',
    'CleanupJobs.kt:8 scheduled spring - 0 */15 * * * * -> CleanupJobs.purgeSessions',
    'CleanupJobs.kt:11 scheduled spring - fixedDelay=60000 -> CleanupJobs.compact',
    'CounterBean.java:9 scheduled quarkus - every=10s -> CounterBean.increment',
    'CounterBean.java:12 scheduled quarkus - 0 15 10 * * ? -> CounterBean.cronJob',
    'cron.js:3 scheduled node-cron - */5 * * * * -> cleanup',
    'tasks.service.ts:6 scheduled nestjs - 45 * * * * * -> TasksService.handleCron',
    'tasks.service.ts:9 scheduled nestjs - 10000 -> TasksService.handleInterval',
    // Queue jobs, run when something enqueues them (a Celery task, a BullMQ worker's queue): `job`.
    'tasks.py:7 job celery - send_welcome_email -> send_welcome_email',
    'tasks.py:12 job celery - billing.charge -> charge',
    'jobs.py:8 scheduled apscheduler - interval minutes=3 -> timed_job',
    'jobs.py:13 scheduled apscheduler - cron day_of_week=mon-fri hour=17 -> scheduled_job',
    'jobs.py:18 scheduled apscheduler - cron hour=6 -> send_report',
    'jobs.py:19 scheduled apscheduler - date run_date=2030-01-01 -> -',
    'cron.go:11 scheduled robfig/cron - 30 * * * * -> cleanup',
    'cron.go:12 scheduled robfig/cron - @every 1h30m -> -',
    'cron.go:13 scheduled robfig/cron - @daily -> reportJob',
    'worker.ts:6 job bullmq - emails -> sendEmail',
    'worker.ts:8 job bullmq - thumbnails -> -',
  ],
  'swift-argument-parser': [
    // Each ParsableCommand, named by its configuration's commandName or its type in kebab case, under the command listing it.
    'Sources/math/Math.swift:3 cli-command swift-argument-parser - math -> -',
    'Sources/math/Math.swift:21 cli-command swift-argument-parser - math add -> Math.Add.run',
    'Sources/math/Math.swift:31 cli-command swift-argument-parser - math multiply -> Math.Multiply.run',
    'Sources/math/Math.swift:39 cli-command swift-argument-parser - math stats -> -',
    'Sources/math/Math.swift:48 cli-command swift-argument-parser - math stats average -> Math.Statistics.Average.run',
    'Sources/math/Math.swift:52 cli-command swift-argument-parser - math stats stdev -> Math.Statistics.StandardDeviation.run',
    'Sources/math/Math.swift:59 cli-command swift-argument-parser - repeat-phrase -> RepeatPhrase.run',
    // The @main type is the program's main too; so is a `main.swift`'s top-level code.
    'Sources/math/Math.swift:3 main swift - - -> Math',
    'Sources/roll/main.swift:12 main swift - - -> -',
  ],
  'dart-args': [
    // Each Command subclass by its own name, under the command adding it and the CommandRunner's program.
    'bin/git.dart:3 main dart - - -> main',
    'bin/git.dart:10 cli-command args - dgit commit -> CommitCommand.run',
    'bin/git.dart:26 cli-command args - dgit stash -> -',
    'bin/git.dart:38 cli-command args - dgit stash save -> StashSaveCommand.run',
    'bin/git.dart:48 cli-command args - dgit stash list -> StashListCommand.run',
  ],
}
