import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

/** Builder chains as clap's users write them, and chains the layers cannot type. */
const CHAINS = `use clap::{Arg, ArgAction, Command};

fn build(cmd: &mut Command) -> Command {
    let matches = Command::new("git")
        .about("x") // a comment (with a paren
        .arg(Arg::new("v").long("verbose").action(ArgAction::SetTrue))
        .get_matches();
    matches.get_one::<String>("v").map(|s| s.len());
    cmd.about("a").arg(Arg::new("w"));
    let tried = cmd.try_get_matches_from(vec!["x"]).unwrap();
    tried.get_one::<String>("x");
    Command::new("x").try_get_matches_from(args).expect("parsed").get_flag("v");
    let asked = cmd.try_get_matches_from(args)?;
    asked.get_one::<u8>("c").copied();
    cli().try_get_matches()?.get_raw("r");
    Self::new("s").about("t");
    crate::builder::Command::new("u").version("v");
    common().version("3.0");
    self.get_matches().value_of("x");
    self.cmd.get_keymap().keys();
    load()?.run();
    fetch().await.json();
    format!("{}", 1).len();
    items[0].clone().save();
    (a + b).max(c).min(d);
    unknown.iter().map(f).collect::<Vec<_>>().len()
}
`

async function receiverTypes(content: string, receiver = '?'): Promise<string[]> {
  const { layers } = await chunker.chunkWithLayers({ path: 'src/lib.rs', content, format: 'code' })
  return layers.edges.filter((e) => e.kind === 'calls' && e.receiver === receiver).map((e) => `${e.target} ${e.receiverType ?? '-'}`)
}

describe("Rust calls on a call's value", () => {
  it('have the chain of calls before them as their receiver type, link by link', async () => {
    expect(await receiverTypes(CHAINS)).toEqual([
      'about Command::new()',
      'arg Command::new().about()',
      'long Arg::new()',
      'action Arg::new().long()',
      'get_matches Command::new().about().arg()',
      // `matches` holds what the chain `get_matches` ends returns.
      'map Command::new().about().arg().get_matches().get_one()',
      // `cmd: &mut Command` starts the chain.
      'arg Command::about()',
      // Through what a `Result` holds: `.unwrap()`, `.expect(...)`, `?`.
      'unwrap Command::try_get_matches_from()',
      'try_get_matches_from Command::new()',
      'expect Command::new().try_get_matches_from()',
      'get_flag Command::new().try_get_matches_from().expect()',
      // A name holding a tried chain's value goes on with its chain.
      'copied Command::try_get_matches_from()?.get_one()',
      'try_get_matches cli()',
      'get_raw cli().try_get_matches()?',
      'about Self::new()',
      'version crate::builder::Command::new()',
      'version common()',
      'value_of self.get_matches()',
      'keys self.cmd.get_keymap()',
      // A `?` after a call is written after its `()`.
      'run load()?',
      // An `.await`, a macro's value, an element, a parenthesized value, a name of no known type: no chain.
      'json -',
      'len -',
      'clone -',
      'save -',
      'max -',
      'min -',
      'map -',
      'collect -',
    ])
  })

  it('type a name holding a chain that ends unwrapped or tried by the chain, its `?` included', async () => {
    expect(await receiverTypes(CHAINS, 'tried')).toEqual(['get_one Command::try_get_matches_from().unwrap()'])
    expect(await receiverTypes(CHAINS, 'asked')).toEqual(['get_one Command::try_get_matches_from()?'])
  })
})

describe("Rust receivers declared in a block", () => {
  it("are typed by a let only up to the end of its block", async () => {
    const content = `fn run(cmd: Command, verbose: bool) {
    if verbose {
        let cmd = Arg::new("x");
        cmd.long("l");
    }
    cmd.about("a");
}
`
    expect(await receiverTypes(content, 'cmd')).toEqual(['long Arg', 'about Command'])
  })
})
