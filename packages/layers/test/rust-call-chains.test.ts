import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

/** clap's builders in small: methods returning `Self`, `&mut Self`, another type, an `Option`, a `Result` (also through an alias). */
const BUILDER = `use crate::error::{Error, Result as ClapResult};

pub struct Command {
    name: String,
}

pub struct Arg {
    id: String,
}

pub struct ArgMatches {}

impl Command {
    pub fn new(name: &str) -> Self {
        Command { name: name.into() }
    }

    pub fn about(mut self, about: &str) -> Self {
        self
    }

    pub fn arg(mut self, arg: impl Into<Arg>) -> Command {
        self
    }

    pub fn name_mut(&mut self) -> &mut Self {
        self
    }

    pub fn get_matches(self) -> ArgMatches {
        ArgMatches {}
    }

    pub fn find_subcommand(&self, name: &str) -> Option<&Command> {
        None
    }

    pub fn try_get_matches(self) -> ClapResult<ArgMatches> {
        Ok(ArgMatches {})
    }

    pub fn try_get_matches_from(self, args: Vec<&str>) -> Result<ArgMatches, Error> {
        Ok(ArgMatches {})
    }
}

impl Arg {
    pub fn new(id: &str) -> Self {
        Arg { id: id.into() }
    }

    pub fn long(self, long: &str) -> Self {
        self
    }
}

impl ArgMatches {
    pub fn value_of(&self, id: &str) -> Option<&str> {
        None
    }

    pub fn get_flag(&self, id: &str) -> bool {
        false
    }

    pub fn get_one<T>(&self, id: &str) -> Option<&T> {
        None
    }
}
`

/** Traits implemented for `Command` in another file: a provided method, and one method name two traits share. */
const EXTENSIONS = `use crate::builder::Command;

pub trait CommandExt {
    fn styled(self) -> Self
    where
        Self: Sized,
    {
        self
    }
}

pub trait Named {
    fn describe(&self) -> String;
}

pub trait Titled {
    fn describe(&self) -> String;
}

impl CommandExt for Command {}

impl Named for Command {
    fn describe(&self) -> String {
        String::new()
    }
}

impl Titled for Command {
    fn describe(&self) -> String {
        String::new()
    }
}
`

/** Another type with the same method names: a call resolved by name alone names no single definition. */
const OTHER = `pub struct Other;

impl Other {
    pub fn about(self, about: &str) -> Self { self }
    pub fn arg(self, arg: &str) -> Self { self }
    pub fn long(self, long: &str) -> Self { self }
    pub fn value_of(&self, id: &str) -> Option<&str> { None }
    pub fn styled(self) -> Self { self }
    pub fn name_mut(&mut self) -> &mut Self { self }
    pub fn get_flag(&self, id: &str) -> bool { false }
    pub fn get_one<T>(&self, id: &str) -> Option<&T> { None }
}
`

const APP = `use crate::builder::{Arg, Command};
use crate::ext::{CommandExt, Named, Titled};

pub fn build() -> Command {
    Command::new("git").about("x").arg(Arg::new("v").long("verbose"))
}

pub fn matches(cmd: Command) -> Option<String> {
    cmd.about("y").arg(Arg::new("w")).get_matches().value_of("w").map(String::from)
}

pub fn traits() {
    Command::new("s").styled().about("z");
    Command::new("d").describe();
    Command::new("o").find_subcommand("x").about("w");
    Command::new("m").name_mut().name_mut().about("n");
}

pub struct App {}

impl App {
    pub fn get_matches(&self) -> crate::builder::ArgMatches {
        Command::new("app").get_matches()
    }

    pub fn run(&self) {
        self.get_matches().value_of("x");
    }
}

pub fn paths() {
    crate::Command::new("p").about("q");
}

pub fn held() {
    let m = Command::new("h").get_matches();
    m.value_of("h");
}

pub fn home() -> std::path::PathBuf {
    std::path::PathBuf::new()
}

pub fn shown() {
    home().display();
}
`

/** clap's `Result` alias, as `builder.rs` imports it (`Result as ClapResult`). */
const ERROR = `pub struct Error {}

pub type Result<T, E = Error> = std::result::Result<T, E>;
`

/** clap's test pattern: a `Result` or an `Option` of a type of the index, unwrapped or tried, then a method of that type. */
const TRIED = `use crate::builder::Command;
use crate::error::Error;

pub fn tried(args: Vec<&str>, cmd: Command) -> Result<(), Error> {
    let m = cmd.try_get_matches_from(args.clone()).unwrap();
    m.get_one::<String>("m");
    Command::new("e").try_get_matches_from(args.clone()).expect("parsed").get_flag("e");
    let t = Command::new("t").try_get_matches()?;
    t.get_flag("t");
    Command::new("q").try_get_matches()?.get_flag("q");
    Command::new("d").try_get_matches().unwrap_or_default().get_one::<String>("d");
    Command::new("o").find_subcommand("x").unwrap_or_else(|| panic!()).about("o");
    Command::new("r").try_get_matches().map(|m| m).unwrap().get_flag("r");
    Command::new("s").try_get_matches().unwrap().value_of("s").unwrap().get_flag("s");
    Ok(())
}
`

const FILES = {
  'Cargo.toml': '[package]\nname = "shop"\n',
  'src/lib.rs': 'pub mod app;\npub mod builder;\npub mod error;\npub mod ext;\npub mod other;\npub mod tried;\n\npub use crate::builder::Command;\n',
  'src/error.rs': ERROR,
  'src/tried.rs': TRIED,
  'src/builder.rs': BUILDER,
  'src/ext.rs': EXTENSIONS,
  'src/other.rs': OTHER,
  'src/app.rs': APP,
}

describe("Rust calls on a call's value", () => {
  it('resolve again when a link of the chain returns something else', async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    const [edited] = await layersOfText({ 'src/builder.rs': BUILDER.replace('pub fn about(mut self, about: &str) -> Self', 'pub fn about(mut self, about: &str) -> Option<Self>') })
    expect(graph.apply({ upsert: [edited!] }).resolvedFiles).toContain('src/app.rs')
    expect(callsNamed(graph, 'src/app.rs', ['arg']).slice(0, 1)).toEqual(['?.arg -> by-name '])
  })

  it('reach the one method of the type each link returns, through the impls of the index (trait impls included)', async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(callsNamed(graph, 'src/app.rs', ['about', 'arg', 'long', 'value_of', 'styled', 'describe', 'name_mut'])).toEqual([
      // `Command::new("git").about("x").arg(Arg::new("v").long("verbose"))`: `-> Self`, then `-> Command`.
      '?.about -> resolved src/builder.rs#Command.about',
      '?.arg -> resolved src/builder.rs#Command.arg',
      '?.long -> resolved src/builder.rs#Arg.long',
      // `cmd: Command` starts the chain; `get_matches` returns another type.
      'cmd.about -> resolved src/builder.rs#Command.about',
      '?.arg -> resolved src/builder.rs#Command.arg',
      '?.value_of -> resolved src/builder.rs#ArgMatches.value_of',
      // A trait's provided method, and what it returns (`Self`: the type it is called on).
      '?.styled -> resolved src/ext.rs#CommandExt.styled',
      '?.about -> resolved src/builder.rs#Command.about',
      // Two traits' methods of one name: not sure, so by name.
      '?.describe -> by-name ',
      // `-> Option<&Command>` is no `Command`: by name, as before.
      '?.about -> by-name ',
      // `-> &mut Self`.
      '?.name_mut -> resolved src/builder.rs#Command.name_mut',
      '?.name_mut -> resolved src/builder.rs#Command.name_mut',
      '?.about -> resolved src/builder.rs#Command.about',
      // `self.get_matches()` of a method returning `crate::builder::ArgMatches`.
      '?.value_of -> resolved src/builder.rs#ArgMatches.value_of',
      // `crate::Command::new("p")`: the crate root's `pub use crate::builder::Command;`.
      '?.about -> resolved src/builder.rs#Command.about',
      // `m` holds the chain's value.
      'm.value_of -> resolved src/builder.rs#ArgMatches.value_of',
    ])
    expect(callsNamed(graph, 'src/app.rs', ['new']).filter((call) => call.startsWith('crate::'))).toEqual(['crate::Command.new -> resolved src/builder.rs#Command.new'])
    // A value of another crate's type (`-> std::path::PathBuf`) has that crate's methods.
    expect(callsNamed(graph, 'src/app.rs', ['display'])).toEqual(['?.display -> external '])
  })

  it("reach the method of what an Option's or a Result's unwrapping link gives (`unwrap`, `expect`, `?`, `unwrap_or_default`, `unwrap_or_else`), and of nothing else on one", async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(callsNamed(graph, 'src/tried.rs', ['get_one', 'get_flag', 'about'])).toEqual([
      // `let m = cmd.try_get_matches_from(...).unwrap();` with `-> Result<ArgMatches, Error>`, and a turbofish.
      'm.get_one -> resolved src/builder.rs#ArgMatches.get_one',
      '?.get_flag -> resolved src/builder.rs#ArgMatches.get_flag',
      // `let t = ...try_get_matches()?;` with `-> ClapResult<ArgMatches>`, `use crate::error::Result as ClapResult;`.
      't.get_flag -> resolved src/builder.rs#ArgMatches.get_flag',
      '?.get_flag -> resolved src/builder.rs#ArgMatches.get_flag',
      '?.get_one -> resolved src/builder.rs#ArgMatches.get_one',
      // `-> Option<&Command>`.
      '?.about -> resolved src/builder.rs#Command.about',
      // `.map(...)` on a `Result`, and an `Option` of a type of no index (`-> Option<&str>`): not known, so by name.
      '?.get_flag -> by-name ',
      '?.get_flag -> by-name ',
    ])
  })
})

/** clap's `MatchesError::unwrap(id, r)`, an associated function, and a trait's `map` taking `self`: project definitions named like the standard library's methods. */
const LOOKALIKES = `pub struct MatchesError {}

impl MatchesError {
    pub(crate) fn unwrap<T>(id: &str, r: Result<T, MatchesError>) -> T {
        panic!()
    }
}

pub trait TypedValueParser {
    fn map<F>(self, func: F) -> Self {
        self
    }
}

pub fn count() {}

pub struct Keys {}

impl Keys {
    pub fn push(&mut self, key: &str) {}

    pub fn kind(&self) -> u8 {
        0
    }

    pub fn filter(self) -> Self {
        self
    }
}

pub trait Parse {
    fn parse_it(text: &str) -> Self;
}

impl Parse for u8 {
    fn parse_it(text: &str) -> Self {
        0
    }
}

pub struct Walk {}

impl Iterator for Walk {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        None
    }
}

impl Clone for Keys {
    fn clone(&self) -> Self {
        Keys {}
    }
}

pub struct Tree {}

impl Tree {
    pub fn new() -> Self {
        Tree {}
    }

    pub fn children(&self) -> impl Iterator<Item = &Tree> + '_ {
        std::iter::empty()
    }

    pub fn name(&self) -> &str {
        ""
    }
}
`

/** Calls of the standard library's `Option`, `Result` and `Iterator` methods, on values known to be one and on values of no known type. */
const STD_CALLS = `use crate::builder::Command;
use crate::lookalikes::{Tree, Walk};

pub fn known(args: Vec<&str>) {
    Command::new("u").try_get_matches_from(args.clone()).unwrap();
    Command::new("k").try_get_matches().is_ok();
    Command::new("s").find_subcommand("x").is_some();
    Command::new("e").find_subcommand("x").map(|c| c).expect("found");
    Command::new("v").try_get_matches().unwrap().value_of("v").unwrap_or("w");
    Command::new("o").try_get_matches().ok().unwrap().get_flag("o");
    Command::new("c").clone().about("c");
}

pub fn iterated() {
    Tree::new().children().map(|c| c.name());
    Tree::new().children().filter(|c| true).next().unwrap().name();
}

pub fn errors(args: Vec<&str>) {
    // \`-> ClapResult<ArgMatches>\`: the default \`E\` of \`pub type Result<T, E = Error>\`.
    Command::new("k").try_get_matches().unwrap_err().kind();
    // \`-> Result<ArgMatches, Error>\`.
    Command::new("e").try_get_matches_from(args).err().unwrap().kind();
}

pub fn walked(walk: Walk) {
    walk.filter(|step| true);
    walk.next();
}

pub fn derived(tree: Tree) {
    Command::new("d").clone();
    tree.clone();
    Tree::default();
}

pub fn collections(matches: Unknown) {
    let mut names = Vec::new();
    names.push("n");
    // \`matches\` is a name here, not the \`matches!\` macro.
    matches.get_flag("m");
}

pub fn unknown(items: Vec<&str>, held: Option<&str>) {
    u8::parse_it("1");
    held.unwrap();
    items.iter().map(|i| i).count();
    MatchesError::unwrap("id", Ok(1));
    self::count();
}
`

describe("Rust calls of the standard library's Option, Result and Iterator methods", () => {
  const files = {
    ...FILES,
    'src/error.rs': `${ERROR}\nimpl Error {\n    pub fn kind(&self) -> u8 {\n        0\n    }\n}\n`,
    'src/lib.rs': `${FILES['src/lib.rs']}pub mod lookalikes;\npub mod std_calls;\n`, 'src/lookalikes.rs': LOOKALIKES, 'src/std_calls.rs': STD_CALLS }

  it("are external on a chain's value known to be an Option or a Result, and go on through the links that give one again", async () => {
    const graph = new LayerGraph(await layersOfText(files))
    expect(callsNamed(graph, 'src/std_calls.rs', ['unwrap', 'is_ok', 'is_some', 'map', 'expect', 'unwrap_or', 'ok', 'get_flag', 'about']).slice(0, 11)).toEqual([
      // `-> Result<ArgMatches, Error>`: not `MatchesError::unwrap`.
      '?.unwrap -> external ',
      '?.is_ok -> external ',
      // `-> Option<&Command>`.
      '?.is_some -> external ',
      '?.map -> external ',
      '?.expect -> external ',
      '?.unwrap -> external ',
      // `-> Option<&str>`: an `Option` of a `T` the index does not name.
      '?.unwrap_or -> external ',
      // `.ok()` gives an `Option` of the `Result`'s `T`.
      '?.ok -> external ',
      '?.unwrap -> external ',
      '?.get_flag -> resolved src/builder.rs#ArgMatches.get_flag',
      // A derived `clone()` gives the type it is called on.
      '?.about -> resolved src/builder.rs#Command.about',
    ])
  })

  it("are external on an impl Iterator's value, whose item the links that give it reach", async () => {
    const graph = new LayerGraph(await layersOfText(files))
    expect(callsNamed(graph, 'src/std_calls.rs', ['map', 'filter', 'next', 'name']).slice(1, 6)).toEqual([
      // `-> impl Iterator<Item = &Tree> + '_`: not `TypedValueParser::map`, which takes `self` too.
      '?.map -> external ',
      // (A closure's parameter is of no known type.)
      'c.name -> by-name src/lookalikes.rs#Tree.name',
      '?.filter -> external ',
      '?.next -> external ',
      // `.filter(...)` keeps the item, `.next()` gives an `Option` of it.
      '?.name -> resolved src/lookalikes.rs#Tree.name',
    ])
  })

  it("are external on a Vec or a String, and a receiver named like one of Rust's macros is a value", async () => {
    const graph = new LayerGraph(await layersOfText(files))
    expect(callsNamed(graph, 'src/std_calls.rs', ['push', 'get_flag']).slice(-2)).toEqual([
      // Not `Keys::push`: no trait of the index adds a `push` to a `Vec`.
      'names.push -> external ',
      // (`ArgMatches` and `Other` have a `get_flag`.)
      'matches.get_flag -> by-name ',
    ])
  })

  it("are external for what a derive of the standard library gives a type of the index that has no method of the name", async () => {
    const graph = new LayerGraph(await layersOfText(files))
    // Not `Keys::clone` of its own `impl Clone`.
    expect(callsNamed(graph, 'src/std_calls.rs', ['clone', 'default']).slice(-3)).toEqual(['?.clone -> external ', 'tree.clone -> external ', 'Tree.default -> external '])
  })

  it('are external for the provided methods of Iterator on a type of the index that implements it', async () => {
    const graph = new LayerGraph(await layersOfText(files))
    // Not `Keys::filter`.
    expect(callsNamed(graph, 'src/std_calls.rs', ['filter', 'next']).slice(-2)).toEqual(['walk.filter -> external ', 'walk.next -> resolved src/lookalikes.rs#Walk.next'])
  })

  it("go on to a Result's error through .unwrap_err() and .err(), also of an alias's default", async () => {
    const graph = new LayerGraph(await layersOfText(files))
    expect(callsNamed(graph, 'src/std_calls.rs', ['kind'])).toEqual(['?.kind -> resolved src/error.rs#Error.kind', '?.kind -> resolved src/error.rs#Error.kind'])
  })

  it('reach by name on a value only the methods that take self', async () => {
    const graph = new LayerGraph(await layersOfText(files))
    // A primitive's path (`u8::parse_it`) reaches associated functions (the trait's and the impl's).
    expect(callsNamed(graph, 'src/std_calls.rs', ['parse_it'])).toEqual(['u8.parse_it -> by-name '])
    expect(callsNamed(graph, 'src/std_calls.rs', ['unwrap', 'map', 'count']).slice(-5)).toEqual([
      // `held.unwrap()`: `MatchesError::unwrap(id, r)` takes no `self`, and no other `unwrap` of the index is a method.
      'held.unwrap -> external ',
      // A method taking `self` of a trait the receiver may implement stays a candidate.
      '?.map -> by-name src/lookalikes.rs#TypedValueParser.map',
      // No method of the index is named `count`: a free function is no method.
      '?.count -> external ',
      // The path to the associated function still reaches it.
      'MatchesError.unwrap -> by-name src/lookalikes.rs#MatchesError.unwrap',
      // `self::count()` is a path too (`self` alike for `self.count()`): a free function stays a candidate.
      'self.count -> by-name src/lookalikes.rs#count',
    ])
  })
})
