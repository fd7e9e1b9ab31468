import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

/** A file's call edges as `line receiver.callee` (the receiver only when there is one). */
async function callsIn(path: string, content: string): Promise<string[]> {
  const { layers } = await chunker.chunkWithLayers({ path, content, format: 'code' })
  return layers.edges
    .filter((edge) => edge.kind === 'calls')
    .map((edge) => `${edge.startLine} ${edge.receiver ? `${edge.receiver}.` : ''}${edge.target}`)
    .sort((a, b) => Number.parseInt(a) - Number.parseInt(b) || a.localeCompare(b))
}

describe('the call sites a file records as call edges', () => {
  it('reads Python calls in f-string fields, after `except`, in a matrix product, and on consecutive lines after a call of `func`', async () => {
    const content = [
      'def main(func, e, a, b):',
      '    func()',
      '    other(1)',
      '    try:',
      '        pass',
      '    except errors() as exc:',
      '        print(f"{exc.format_message()!r:>{width()}} {{literal(x)}}")',
      '    return a @ mat(b)',
    ].join('\n')
    expect(await callsIn('cli.py', content)).toEqual([
      '2 func',
      '3 other',
      '6 errors',
      '7 exc.format_message',
      '7 print',
      '8 mat',
    ])
  })

  it("records decorators' calls as calls, while the detectors read each decorator once", async () => {
    const python = [
      'import click',
      'from flask import Flask',
      'app = Flask(__name__)',
      '',
      '@click.command()',
      '@click.option("--port", default=port())',
      'def serve(port):',
      '    pass',
      '',
      '@app.get("/items")',
      'def items():',
      '    return []',
    ].join('\n')
    expect(await callsIn('app.py', python)).toEqual(['3 Flask', '5 click.command', '6 click.option', '6 port', '10 app.get'])
    const { layers } = await chunker.chunkWithLayers({ path: 'app.py', content: python, format: 'code' })
    expect(layers.entrypoints.map((entry) => `${entry.kind} ${entry.method} ${entry.route} ${entry.handler}`)).toEqual(['cli-command  serve serve', 'http-route GET /items items'])

    const typescript = ["import { Injectable } from '@angular/core'", '', '@Injectable({ providedIn: root() })', 'export class Items {}'].join('\n')
    expect(await callsIn('items.ts', typescript)).toEqual(['3 Injectable', '3 root'])
  })

  it('reads a receiver through its non-null assertions and optional chains (TypeScript, Kotlin, C#, PHP)', async () => {
    const typescript = ['function f(ids?: number[], conn?: { lock: Lock }) {', '  ids!.push(1)', '  conn?.lock.release()', '  conn!.lock!.release()', '  conn?.lock?.release()', '}'].join('\n')
    // One edge per caller, receiver and callee: the three calls of `conn.lock.release` are one.
    expect(await callsIn('f.ts', typescript)).toEqual(['2 ids.push', '3 conn.lock.release'])
    const kotlin = ['fun f(repo: Repo?) {', '    repo!!.save()', '    repo?.items?.clear()', '}'].join('\n')
    expect(await callsIn('f.kt', kotlin)).toEqual(['2 repo.save', '3 repo.items.clear'])
    const csharp = ['class A {', '  void F(Repo? repo) {', '    repo!.Save();', '    repo?.Items.Clear();', '  }', '}'].join('\n')
    expect(await callsIn('A.cs', csharp)).toEqual(['3 repo.Save', '4 repo.Items.Clear'])
    const php = ['<?php', 'function f($user) {', '  return $user?->profile->name();', '}'].join('\n')
    expect(await callsIn('f.php', php)).toEqual(['3 $user->profile.name'])
  })

  it('reads a call before a block as a call, not as a method definition (fastify tests, semicolon-free JavaScript)', async () => {
    const content = [
      "fastify.get('/html', function (req, reply) { reply.send('x') })",
      '{',
      '  const res = inject()',
      '}',
      'function main () {',
      '  helper(1)',
      '  {',
      '    other(2)',
      '  }',
      '}',
      'const shop = {',
      '  order (id) {',
      '    return load(id)',
      '  },',
      '}',
      'class Cart {',
      '  total (items) { return sum(items) }',
      '}',
    ].join('\n')
    expect(await callsIn('reply.test.js', content)).toEqual([
      '1 fastify.get',
      '1 reply.send',
      '3 inject',
      '6 helper',
      '8 other',
      '13 load',
      '17 sum',
    ])
  })

  it("reads no call of a method's own name after an attribute whose name ends with it (C#'s `[HttpGet] public Task<T> Get(...) => ...`)", async () => {
    const cs = ['class ArticlesController {', '    [HttpGet]', '    public Task<ArticlesEnvelope> Get(int id) => mediator.Send(new List(id));', '    [HttpPost]', '    public Task<int> Post(int x) => x;', '}'].join('\n')
    expect(await callsIn('ArticlesController.cs', cs)).toEqual(['3 List', '3 mediator.Send'])
  })

  it("keeps Java's annotations out of the calls", async () => {
    const java = ['class Items {', '  @GetMapping("/items")', '  List<Item> items() {', '    return repository.findAll();', '  }', '}'].join('\n')
    expect(await callsIn('Items.java', java)).toEqual(['4 repository.findAll'])
  })

  it("reads the receiver of a call in a Java or Kotlin lambda's body, not the lambda's parameters before its arrow", async () => {
    const java = ['class T {', '  void t(ToStringBuilder tsb) {', '    assertThrows(X.class, () -> tsb.append(a));', '    list.forEach((a, b) -> a.run(b));', '  }', '}'].join('\n')
    expect(await callsIn('T.java', java)).toEqual(['3 assertThrows', '3 tsb.append', '4 a.run', '4 list.forEach'])
    const kotlin = ['fun t(items: List<Item>) {', '  items.forEach { item -> item.save() }', '}'].join('\n')
    expect(await callsIn('T.kt', kotlin)).toEqual(['2 item.save'])
  })
  it("reads the calls at the start of a Rust macro's brackets, and leaves attributes out", async () => {
    const rust = [
      '#![allow(dead_code)]',
      '#[derive(Parser)]',
      'fn args() -> Vec<Arg> {',
      '    vec![Arg::new("name"), "value".to_owned()]',
      '}',
      '#[cfg(feature = "x")]',
      'fn x() {}',
    ].join('\n')
    expect(await callsIn('lib.rs', rust)).toEqual(['4 ?.to_owned', '4 Arg.new'])
  })

  it("leaves Rust's tuple patterns out: an extractor parameter, a match arm, a let (axum's `State(db): State<Db>`)", async () => {
    const rust = [
      'async fn todos_index(pagination: Query<Pagination>, State(db): State<Db>) -> impl IntoResponse {',
      '    let Wrapper(inner) = wrap(db);',
      '    match read(inner) {',
      '        Message::Write(text) => save(text),',
      '        Message::Quit(code) => stop(code),',
      '        Message::Move(p) if valid(p) => go(p),',
      '    }',
      '    let total = count(inner) == limit(db);',
      '    items.iter().map(|Json(p): Json<Item>| p.id()).collect::<Vec<_>>()',
      '}',
    ].join('\n')
    expect(await callsIn('main.rs', rust)).toEqual(['2 wrap', '3 read', '4 save', '5 stop', '6 go', '6 valid', '8 count', '8 limit', '9 ?.collect', '9 ?.map', '9 items.iter', '9 p.id'])
  })

  it('types a call on a string or list literal by its class, with the literal as its receiver', async () => {
    const edgesOf = async (path: string, content: string): Promise<string[]> => {
      const { layers } = await chunker.chunkWithLayers({ path, content, format: 'code' })
      return layers.edges.filter((edge) => edge.kind === 'calls').map((edge) => `${edge.target} ${edge.receiverType ?? '-'}`)
    }
    const python = ['def f(parts, key, a, b):', "    sep = ', '.join(parts)", '    raw = rb"x".join(parts)', '    i = [a, b].index(a)', '    t = f"{a}".strip()', '    return g(a).strip()'].join('\n')
    expect(await edgesOf('f.py', python)).toEqual(['join str', 'join bytes', 'index list', 'strip -', 'g -', 'strip g()'])
    const typescript = ["export const words = (text: string) => 'a,b'.split(',').concat([1, 2].map(String), `${text}`.trim())", 'export const cached = (ctx: any) => ctx[kContext][kCache]?.get(text)'].join('\n')
    // (`ctx[kContext][kCache]?.get()` indexes what stands before it: no array literal.)
    expect(await edgesOf('w.ts', typescript)).toEqual(['split String', 'concat -', 'map Array', 'trim -', 'get -'])
    const java = ['class A {', '  boolean yes(String answer) {', '    return "yes".equals(answer);', '  }', '}'].join('\n')
    expect(await edgesOf('A.java', java)).toEqual(['equals String'])
  })
})

describe('a long builder chain', () => {
  it('keeps every link a call and the handler of its `.action`, whatever the length of a string in the chain', async () => {
    // vsce's `unpublish`: with a description of a certain length, the chain read back 300
    // characters stopped in the middle of `description`, and `.action(...)` was taken for a
    // declaration (`descriptio action(`): the command lost its handler.
    for (let length = 40; length <= 140; length++) {
      const content = [
        "import { Command } from 'commander'",
        "import { unpublish } from './publish'",
        'const program = new Command()',
        'program',
        "  .command('unpublish [id]')",
        `  .description('${'d'.repeat(length)}')`,
        "  .option('-p, --pat <token>', 'Personal Access Token')",
        "  .option('--azure-credential', 'Use Microsoft Entra ID for authentication')",
        "  .option('-f, --force', 'Skip confirmation prompt when unpublishing an extension')",
        '  .action((id, { pat, force }) => unpublish({ id, pat, force }))',
        'program.parse()',
      ].join('\n')
      const { layers } = await chunker.chunkWithLayers({ path: 'src/main.ts', content, format: 'code' })
      expect({ length, commands: layers.entrypoints.map((e) => `${e.route} -> ${e.handler}`) }).toEqual({ length, commands: ['unpublish -> unpublish'] })
    }
  })
})

describe('calls across lines', () => {
  it('reads a Python call after a `\\` line continuation as a call of its own, not a link of a chain', async () => {
    const content = [
      'import os',
      '',
      'def f(x):',
      '    return x',
      '',
      'def main():',
      '    value = os.path.join("a", "b") + \\',
      '        f(1)',
      '    other = g(2) if value else \\',
      '        os.getcwd()',
      '    return other',
    ].join('\n')
    expect(await callsIn('cli.py', content)).toEqual(['7 os.path.join', '8 f', '9 g', '10 os.getcwd'])
  })

  it('keeps PHP names joined by `\\` one receiver', async () => {
    const content = ['<?php', 'function boot() {', '    \\App\\Support\\helper(1);', '    $x = \\Illuminate\\Support\\Facades\\Route::get("/a", "A@b");', '}'].join('\n')
    expect(await callsIn('boot.php', content)).toEqual(['3 App\\Support.helper', '4 Illuminate\\Support\\Facades\\Route.get'])
  })

  it('reads TypeScript generic arguments written over several lines, and no comparison over two lines as generic arguments', async () => {
    const content = [
      "import { run, check } from './run'",
      'export function go(a: number, b: number, c: number): void {',
      '  const x = run<',
      '    string,',
      '    { id: number; name: string }',
      '  >("a")',
      '  const y = other<string, number>("b")',
      '  if (a<b &&',
      '    c>(check(a))) return',
      '}',
    ].join('\n')
    expect(await callsIn('src/go.ts', content)).toEqual(['3 run', '7 other', '9 check'])
  })
})

describe('Ruby percent literals', () => {
  it('read no calls in the words of `%w[...]` and `%i(...)`', async () => {
    const content = ['class Foo', '  def users', '    []', '  end', '', '  def run', '    %w[auth users favicon.ico].each { |name| register(name) }', '    %i(a b).map(&:to_s)', '  end', 'end', ''].join('\n')
    expect(await callsIn('app.rb', content)).toEqual(['7 register', '8 ?.map'])
  })
})
