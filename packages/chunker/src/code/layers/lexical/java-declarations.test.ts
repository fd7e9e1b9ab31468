import { describe, expect, it } from 'vitest'
import { javaTypedDeclarations } from './java-declarations.js'
import { maskCode } from './mask-code.js'
import { JAVA_SYNTAX } from './syntaxes.js'

const typed = (code: string): string[] => javaTypedDeclarations(maskCode(code, JAVA_SYNTAX)).map((d) => `${d.name}: ${d.type || `${d.element}[]`}`)

describe('javaTypedDeclarations', () => {
  it('reads the class of locals, fields, parameters, loop, catch, pattern and resource variables', () => {
    const code = [
      'public class A extends B implements C, D {',
      '  private final StringBuilder buf;',
      '  private Map<String, List<Item>> items = new HashMap<>();',
      '  public Foo make(Bar bar, final Baz<T> baz, int n, String[] names) throws IOException, Foo {',
      '    Map.Entry<K, V> entry = null;',
      '    for (Item item : items) { item.run(); }',
      '    try (Reader in = open()) { } catch (IllegalStateException ex) { }',
      '    if (o instanceof Widget w) { w.draw(); }',
      '    var x = new Thing<>(1);',
      '    list.forEach((Item it) -> it.go());',
      '    Item[] arr = new Item[3];',
      '    @Nullable Order order = find();',
      '    return Foo.bar(baz);',
      '  }',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual([
      'buf: StringBuilder',
      'items: Map',
      'bar: Bar',
      'baz: Baz',
      'names: String[]',
      'entry: Map.Entry',
      'item: Item',
      'in: Reader',
      'ex: IllegalStateException',
      'w: Widget',
      'x: Thing',
      'it: Item',
      'arr: Item[]',
      'order: Order',
    ])
  })

  it('reads C# the same way, with its nullable types, object initializers, foreach and out variables', () => {
    const code = [
      'public JToken Parse(JsonReader reader, JsonLoadSettings? settings) {',
      '  var writer = new JTokenWriter();',
      '  var user = new ApplicationUser { UserName = name };',
      '  var model = new IndexViewModel',
      '  {',
      '    Username = user.UserName',
      '  };',
      '  foreach (JProperty property in properties) { property.Remove(); }',
      '  if (dict.TryGetValue(key, out JToken value)) { }',
      '  using (StringWriter sw = new StringWriter()) { }',
      '  return writer.Token;',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual(['reader: JsonReader', 'settings: JsonLoadSettings', 'writer: JTokenWriter', 'user: ApplicationUser', 'model: IndexViewModel', 'property: JProperty', 'value: JToken', 'sw: StringWriter'])
  })

  it('reads no method declaration, clause, cast, union of a multi-catch, string or comment', () => {
    const code = [
      'class Foo extends Bar implements Baz {',
      '  public Result compute(int n) { return (Result) cache; }',
      '  void f() { try { } catch (IOException | TimeoutException e) { } }',
      '  String s = "Order order = x;"; // Item item = y;',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual(['s: String'])
  })

  it('types a `var` holding a chain of calls by the chain, awaited in C#; a plain `new` by its class', () => {
    const code = [
      'public async Task Run(IRepository repo) {',
      '  var basket = await repo.GetAsync(id);',
      '  var response = client.Send(request).EnsureSuccess();',
      '  var b = new Builder(x).with(y);',
      '  var plain = new Builder(x);',
      '  var n = count + f(x);',
      '  var items = basket.Items.ToList();',
      '}',
    ].join('\n')
    expect(typed(code)).toEqual(['repo: IRepository', 'basket: await IRepository::GetAsync()', 'response: client.Send().EnsureSuccess()', 'b: Builder::new().with()', 'plain: Builder', 'items: basket.Items.ToList()'])
  })
})
