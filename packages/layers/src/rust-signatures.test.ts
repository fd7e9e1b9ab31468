import { describe, expect, it } from 'vitest'
import { rustAliasDefaultError, rustResultError, rustReturnedType, rustTakesSelf, rustWrappedType } from './rust-signatures.js'

describe('rustReturnedType', () => {
  it.each([
    ['pub fn about(mut self, about: impl IntoResettable<StyledStr>) -> Self', 'Self'],
    ['pub fn name_mut(&mut self) -> &mut Self', 'Self'],
    ["pub fn get<'a>(&'a self) -> &'a Self", 'Self'],
    ['pub fn get_matches(self) -> ArgMatches', 'ArgMatches'],
    ["pub(crate) fn entry(&mut self, arg: Id) -> crate::util::Entry<'_, Id, MatchedArg>", 'crate::util::Entry'],
    ['pub fn mut_arg<F>(mut self, arg_id: impl AsRef<str>, f: F) -> Self where F: FnOnce(Arg) -> Arg,', 'Self'],
    ['pub fn defer(mut self, deferred: fn(Command) -> Command) -> Self', 'Self'],
    ['fn map<F: Fn(A) -> B>(self, f: F) -> MapValueParser<Self, F>', 'MapValueParser'],
    ['fn styled(self) -> Self where Self: Sized', 'Self'],
    ['pub fn find_subcommand(&self, name: &str) -> Option<&Command>', undefined],
    ['pub fn try_get_matches(self) -> Result<Self, Error>', undefined],
    ['fn boxed(self) -> Box<Self>', undefined],
    ['pub fn get_arguments(&self) -> impl Iterator<Item = &Arg>', undefined],
    ['fn call(&mut self, req: Request) -> Self::Future', undefined],
    ['pub fn render_version(&self) -> String', 'String'],
    ['pub fn is_set(&self) -> bool', undefined],
    ['pub fn debug_assert(mut self)', undefined],
    ['fn pair(&self) -> (Arg, Arg)', undefined],
  ])('reads %s', (signature, type) => {
    expect(rustReturnedType(signature)).toBe(type)
  })
})

describe('rustWrappedType', () => {
  it.each([
    ['pub fn try_get_matches(self) -> Result<Self, Error>', { wrapper: 'Result', type: 'Self', generic: false }],
    ['pub fn try_get_matches_from<I, T>(mut self, itr: I) -> ClapResult<ArgMatches> where I: IntoIterator<Item = T>,', { wrapper: 'ClapResult', type: 'ArgMatches', generic: false }],
    ['pub fn find_subcommand(&self, name: &str) -> Option<&Command>', { wrapper: 'Option', type: 'Command', generic: false }],
    ["fn lock(&self) -> std::io::Result<MutexGuard<'_, Item>>", { wrapper: 'Result', type: 'MutexGuard', generic: true }],
    ['fn parse(&self) -> Result<(Arg, Arg), Error>', undefined],
    ['fn nested(&self) -> Option<Option<Self>>', undefined],
    ['pub fn get_one<T>(&self, id: &str) -> Option<&T>', { wrapper: 'Option', type: 'T', generic: false }],
    ['pub fn get_matches(self) -> ArgMatches', undefined],
    ['pub fn is_set(&self) -> bool', undefined],
  ])('reads %s', (signature, wrapped) => {
    expect(rustWrappedType(signature)).toEqual(wrapped)
  })
})

describe('rustTakesSelf', () => {
  it.each([
    ['pub fn about(mut self, about: &str) -> Self', true],
    ['pub fn get_one<T>(&self, id: &str) -> Option<&T>', true],
    ["fn get<'a>(&'a mut self) -> &'a Self", true],
    ['fn boxed(self: Box<Self>) -> Box<dyn Any>', true],
    ['fn map<F: Fn(A) -> B>(self, f: F) -> MapValueParser<Self, F>', true],
    ['pub(crate) fn unwrap<T>(id: &str, r: Result<T, MatchesError>) -> T', false],
    ['pub fn new(id: impl Into<Id>) -> Self', false],
    ['fn selfish(selfish: bool)', false],
  ])('reads %s', (signature, takes) => {
    expect(rustTakesSelf(signature)).toBe(takes)
  })
})

describe('rustResultError', () => {
  it.each([
    ['pub fn try_get_matches(self) -> Result<ArgMatches, Error>', 'Error'],
    ['fn parse(&self) -> Result<Arg, crate::error::Error> where Self: Sized', 'crate::error::Error'],
    ["fn lock(&self) -> Result<MutexGuard<'_, Item>, PoisonError<MutexGuard<'_, Item>>>", 'PoisonError'],
    ['pub fn try_get_matches_from<I, T>(mut self, itr: I) -> ClapResult<ArgMatches>', undefined],
    ['fn parse(&self) -> Result<(), Box<dyn Error>>', undefined],
    ['fn parse(&self) -> Result<(), String>', 'String'],
  ])('reads %s', (signature, error) => {
    expect(rustResultError(signature)).toBe(error)
  })
})

describe('rustAliasDefaultError', () => {
  it.each([
    ['pub type Result<T, E = Error>', 'Error'],
    ['pub type Result<T, E = crate::Error>', 'crate::Error'],
    ['type Result<T>', undefined],
  ])('reads %s', (signature, error) => {
    expect(rustAliasDefaultError(signature)).toBe(error)
  })
})
