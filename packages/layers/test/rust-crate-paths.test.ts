import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

/**
 * clap's workspace in small: the `clap` facade re-exports the builder crate whole (`pub use
 * clap_builder::*;`), whose root re-exports its types; examples, tests and other crates name them
 * by the crate's name, without a `use`.
 */
const FILES = {
  'Cargo.toml': '[package]\nname = "clap"\n\n[workspace]\nmembers = ["clap_builder", "clap_complete"]\n',
  'src/lib.rs': 'pub use clap_builder::*;\n',
  'clap_builder/Cargo.toml': '[package]\nname = "clap_builder"\n',
  'clap_builder/src/lib.rs': 'pub mod builder;\n\npub use crate::builder::{Arg, Command};\n',
  'clap_builder/src/builder/mod.rs': 'mod arg;\nmod command;\nmod possible_value;\n\npub use arg::Arg;\npub use command::Command;\npub use possible_value::PossibleValue;\n',
  'clap_builder/src/builder/arg.rs': 'pub struct Arg {}\n\nimpl Arg {\n    pub fn new(id: &str) -> Self {\n        Arg {}\n    }\n\n    pub fn long(self, long: &str) -> Self {\n        self\n    }\n}\n',
  'clap_builder/src/builder/command.rs':
    'use crate::Arg;\n\npub struct Command {}\n\nimpl Command {\n    pub fn new(name: &str) -> Self {\n        Command {}\n    }\n\n    pub fn arg(self, arg: Arg) -> Self {\n        self\n    }\n}\n',
  'clap_builder/src/builder/possible_value.rs': 'pub struct PossibleValue {}\n\nimpl PossibleValue {\n    pub fn new(name: &str) -> Self {\n        PossibleValue {}\n    }\n}\n',
  'clap_complete/Cargo.toml': '[package]\nname = "clap-complete"\n\n[lib]\nname = "completions"\n',
  'clap_complete/src/lib.rs': 'mod engine;\n\npub use engine::complete;\n',
  'clap_complete/src/engine.rs': 'pub fn complete(cmd: &mut clap::Command) {}\n',
  'examples/git.rs':
    'fn main() {\n    let cmd = clap::Command::new("git").arg(clap::Arg::new("v").long("verbose"));\n    clap::builder::PossibleValue::new("x");\n    completions::complete(&mut cmd);\n}\n',
  'other/src/lib.rs': 'pub fn other() {\n    clap_complete::complete();\n}\n',
  // A `use` through the facade's glob re-export of another crate's module.
  'examples/values.rs': 'use clap::builder::PossibleValue;\n\nfn main() {\n    PossibleValue::new("x");\n}\n',
}

/** A file whose inline test module imports another type of the same name as the file's. */
const SCOPED = {
  'Cargo.toml': '[package]\nname = "shop"\n',
  'src/lib.rs': 'pub mod builder;\npub mod other;\npub mod app;\n',
  'src/builder.rs': 'pub struct Command {}\n\nimpl Command {\n    pub fn new() -> Self {\n        Command {}\n    }\n}\n',
  'src/other.rs': 'pub struct Command {}\n\nimpl Command {\n    pub fn new() -> Self {\n        Command {}\n    }\n}\n',
  'src/app.rs': `use crate::builder::Command;

pub fn build() -> Command {
    Command::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::other::Command;

    fn other() {
        Command::new();
        build();
    }

    mod deeper {
        fn deep() {
            Command::new();
        }
    }
}

pub fn after() {
    Command::new();
}
`,
}

describe('Rust paths that start with a crate of the workspace, without a use', () => {
  it("start at that crate's library root, through its re-exports, a glob re-export of another crate's modules included", async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(callsNamed(graph, 'examples/git.rs', ['new', 'arg', 'long', 'complete'])).toEqual([
      'clap::Command.new -> resolved clap_builder/src/builder/command.rs#Command.new',
      '?.arg -> resolved clap_builder/src/builder/command.rs#Command.arg',
      'clap::Arg.new -> resolved clap_builder/src/builder/arg.rs#Arg.new',
      '?.long -> resolved clap_builder/src/builder/arg.rs#Arg.long',
      // `clap::builder` is `clap_builder`'s module, through `pub use clap_builder::*;`.
      'clap::builder::PossibleValue.new -> resolved clap_builder/src/builder/possible_value.rs#PossibleValue.new',
      // `[lib] name = "completions"` names the crate in code; `pub use engine::complete;` re-exports the function.
      'completions.complete -> resolved clap_complete/src/engine.rs#complete',
    ])
  })

  it('leave a name the workspace has no library of alone (a package name its [lib] name replaces)', async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(callsNamed(graph, 'other/src/lib.rs', ['complete'])).toEqual(['clap_complete.complete -> by-name clap_complete/src/engine.rs#complete'])
  })

  it('import a module through a glob re-export of another crate (`use clap::builder::PossibleValue;`)', async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(callsNamed(graph, 'examples/values.rs', ['new'])).toEqual(['PossibleValue.new -> resolved clap_builder/src/builder/possible_value.rs#PossibleValue.new'])
  })
})

describe('A Rust use inside an inline module', () => {
  it("binds only inside that module and the modules in it, where it comes before the file's own", async () => {
    const graph = new LayerGraph(await layersOfText(SCOPED))
    expect(callsNamed(graph, 'src/app.rs', ['new', 'build'])).toEqual([
      'Command.new -> resolved src/builder.rs#Command.new',
      'Command.new -> resolved src/other.rs#Command.new',
      'build -> resolved src/app.rs#build',
      'Command.new -> resolved src/other.rs#Command.new',
      // After the module, the file's own `use` again.
      'Command.new -> resolved src/builder.rs#Command.new',
    ])
  })
})

describe('A module of a package with both a library and a binary at src/', () => {
  it("belongs to the root that declares it: `use super::*` of `src/tests.rs` with `mod tests;` in main.rs is main.rs (hexyl)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'Cargo.toml': '[package]\nname = "demo"\nversion = "0.1.0"\n',
        'src/lib.rs': 'pub mod util;\n\npub fn lib_fn() {}\n',
        'src/util.rs': 'use super::lib_fn;\n\npub fn helper() {\n    lib_fn();\n}\n',
        'src/main.rs': 'mod tests;\n\nenum Unit {\n    Byte,\n}\n\nfn parse() -> Unit {\n    Unit::Byte\n}\n\nfn main() {\n    parse();\n}\n',
        'src/tests.rs': 'use super::*;\n\n#[test]\nfn t() {\n    let _ = parse();\n}\n',
      }),
    )
    const imports = (path: string): string[] => graph.edgesOf(path).filter((edge) => edge.kind === 'imports').map((edge) => `${edge.target} -> ${edge.resolution} ${edge.targetPath}`)
    expect(imports('src/tests.rs')).toEqual(['super -> resolved src/main.rs'])
    expect(callsNamed(graph, 'src/tests.rs', ['parse'])).toEqual(['parse -> resolved src/main.rs#parse'])
    // A module the library declares stays the library's.
    expect(imports('src/util.rs')).toEqual(['super::lib_fn -> resolved src/lib.rs'])
    expect(graph.dependencies({ from: 'src/main.rs', reverse: true, kinds: ['imports'] }).map((step) => step.edge.path)).toEqual(['src/tests.rs'])
  })
})
