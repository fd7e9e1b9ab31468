import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const commands = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'cli-command' }).map((e) => `${e.path}:${e.startLine} ${e.route} -> ${e.handler}`)

/** starship's shape: a `Parser` struct naming no command, its subcommands in an enum. */
const MAIN = [
  'use clap::{Parser, Subcommand};',
  '',
  '#[derive(Parser)]',
  '#[clap(author, version, about)]',
  'struct Cli {',
  '    #[clap(subcommand)]',
  '    command: Commands,',
  '}',
  '',
  '#[derive(Subcommand)]',
  'enum Commands {',
  '    Init { shell: String },',
  '    BugReport,',
  '}',
  '',
].join('\n')

describe("clap's command lines of a binary naming none", () => {
  it("names them after the package in the nearest Cargo.toml, as clap's CARGO_PKG_NAME does, and follows a renamed package", async () => {
    const graph = new LayerGraph(await layersOfText({ 'Cargo.toml': '[package]\nname = "starship"\n\n[lib]\nname = "starship_lib"\n', 'src/main.rs': MAIN }))
    expect(commands(graph)).toEqual(['src/main.rs:5 starship -> Cli', 'src/main.rs:12 starship init -> Commands::Init', 'src/main.rs:13 starship bug-report -> Commands::BugReport'])
    expect(graph.entrypoints({ route: 'starship init' }).map((e) => `${e.title} (${e.declaredRoute})`)).toEqual(['command starship init ({CARGO_PKG_NAME} init)'])
    const [renamed] = await layersOfText({ 'Cargo.toml': '[package]\nname = "ship"\n' })
    graph.apply({ upsert: [renamed!] })
    expect(commands(graph)[1]).toBe('src/main.rs:12 ship init -> Commands::Init')
    // Stored and loaded back, the same.
    expect(commands(new LayerGraph([...graph.files()]))).toEqual(commands(graph))
  })

  it('leaves the word out without a Cargo.toml in the index, and lists no command for the binary itself', async () => {
    const graph = new LayerGraph(await layersOfText({ 'src/main.rs': MAIN }))
    expect(commands(graph)).toEqual(['src/main.rs:12 init -> Commands::Init', 'src/main.rs:13 bug-report -> Commands::BugReport'])
  })
})
