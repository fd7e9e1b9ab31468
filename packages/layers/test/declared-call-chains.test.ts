import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

/** commons-lang's builders in small: overloads returning the builder, a nested builder class, a type parameter, a library's type. */
const JAVA_BUILDER = `package org.example.builder;

import java.util.List;

public class ToStringBuilder {
    public ToStringBuilder(Object object) {}
    public ToStringBuilder append(final String fieldName, final Object obj) { return this; }
    public ToStringBuilder append(final Object obj) { return this; }
    public ToStringBuilder appendSuper(final String superToString) { return this; }
    public Object mixed(int a) { return this; }
    public ToStringBuilder mixed(String a) { return this; }
    public <T> T as(Class<T> type) { return null; }
    public StringBuilder buffer() { return null; }
    public List<String> names() { return null; }
    public static Builder builder() { return new Builder(); }
    @Override
    public String toString() { return ""; }

    public static class Builder {
        public Builder with(String a) { return this; }
        public ToStringBuilder build() { return null; }
    }
}
`

/** A class with the same method names: a call resolved by name alone names no single definition. */
const JAVA_OTHER = `package org.example.other;

public class Other {
    public Other append(Object obj) { return this; }
    public Other appendSuper(String s) { return this; }
    public Other with(String a) { return this; }
    public Other build() { return this; }
    public Other mixed(String a) { return this; }
    public Other as(Object a) { return this; }
    public Other reverse() { return this; }
    public Other stream() { return this; }
    public Other get(int i) { return this; }
    public Other trim() { return this; }
    public Other getClass(int i) { return this; }
    public Other getComponentType() { return this; }
}
`

const JAVA_APP = `package org.example;

import org.example.builder.ToStringBuilder;
import org.example.other.Other;

public class App {
    private String name;

    public String describe() {
        return new ToStringBuilder(this).append("name", name).appendSuper("x").append(name).toString();
    }

    public void builders(ToStringBuilder tsb) {
        ToStringBuilder.builder().with("a").build().append(1);
        tsb.append(1).append(2);
        tsb.mixed("a").append(3);
        tsb.as(String.class).trim();
        tsb.buffer().append("x").reverse();
        tsb.names().stream();
        tsb.names().get(0).trim();
        new StringBuilder().append("a").append("b");
    }

    public void roots(Object[] array, Other other) {
        array.getClass().getComponentType();
        other.toString().trim();
    }
}
`

/** eShopOnWeb in small: an awaited repository call, a builder in a namespace imported whole, EF Core's fluent configuration. */
const CS_ENTITIES = `namespace Shop.Entities;

public class Basket
{
    public void AddItem(int id) { }
    public Order Checkout() { return null; }
}

public class Order
{
    public decimal Total() { return 0; }
}

public static class JsonExtensions
{
    public static string ToJson<T>(this T obj) => "";
}
`

const CS_SERVICES = `using System.Threading.Tasks;
using Shop.Entities;

namespace Shop.Services;

public class BasketService
{
    public async Task<Basket> GetBasketAsync(int id) { return null; }
    public Task<Basket?> FindAsync(int id) { return null; }
    public Basket Create() { return null; }
}
`

const CS_OTHER = `namespace Shop.Other;

public class Other
{
    public void AddItem(int id) { }
    public Other Checkout() { return this; }
    public decimal Total() { return 0; }
    public Other Property(string name) { return this; }
}
`

const CS_APP = `using System.Threading.Tasks;
using Microsoft.EntityFrameworkCore;
using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Shop.Entities;
using Shop.Services;

namespace Shop.Web;

public class AppUser : IdentityUser
{
}

public class Controller
{
    private readonly BasketService _service;

    public async Task Run(HttpClientLike client)
    {
        var basket = await _service.GetBasketAsync(1);
        basket.AddItem(2);
        var found = await _service.FindAsync(1);
        found.AddItem(3);
        var order = _service.Create().Checkout();
        order.Total();
        var pending = _service.GetBasketAsync(1);
        pending.AddItem(4);
        var user = new AppUser { UserName = "x" };
        user.ToJson();
        user.GetHashCode().ToJson();
    }

    public void Configure(EntityTypeBuilder<Basket> builder)
    {
        builder.Property(b => b.Id).IsRequired().HasMaxLength(50);
    }
}
`

const JAVA = { 'src/main/java/org/example/builder/ToStringBuilder.java': JAVA_BUILDER, 'src/main/java/org/example/other/Other.java': JAVA_OTHER, 'src/main/java/org/example/App.java': JAVA_APP }
const CSHARP = { 'src/Entities/Basket.cs': CS_ENTITIES, 'src/Services/BasketService.cs': CS_SERVICES, 'src/Other/Other.cs': CS_OTHER, 'src/Web/Controller.cs': CS_APP }

describe("Java calls on a call's value", () => {
  it('resolve again when a link of the chain returns something else', async () => {
    const graph = new LayerGraph(await layersOfText(JAVA))
    const builder = 'src/main/java/org/example/builder/ToStringBuilder.java'
    const [edited] = await layersOfText({ [builder]: JAVA_BUILDER.replace('public Builder with(String a)', 'public <T> T with(String a)') })
    expect(graph.apply({ upsert: [edited!] }).resolvedFiles).toContain('src/main/java/org/example/App.java')
    expect(callsNamed(graph, 'src/main/java/org/example/App.java', ['build'])).toEqual(['?.build -> by-name '])
  })

  it('reach the method of the class each link declares it returns, overloads agreeing, through a nested builder class', async () => {
    const graph = new LayerGraph(await layersOfText(JAVA))
    const app = 'src/main/java/org/example/App.java'
    expect(callsNamed(graph, app, ['appendSuper', 'with', 'build'])).toEqual([
      '?.appendSuper -> resolved src/main/java/org/example/builder/ToStringBuilder.java#ToStringBuilder.appendSuper',
      '?.with -> resolved src/main/java/org/example/builder/ToStringBuilder.java#ToStringBuilder.Builder.with',
      '?.build -> resolved src/main/java/org/example/builder/ToStringBuilder.java#ToStringBuilder.Builder.build',
    ])
    const append = callsNamed(graph, app, ['append'])
    expect(append.filter((call) => call.startsWith('?.')).slice(0, 3)).toEqual([
      '?.append -> resolved src/main/java/org/example/builder/ToStringBuilder.java#ToStringBuilder.append',
      '?.append -> resolved src/main/java/org/example/builder/ToStringBuilder.java#ToStringBuilder.append',
      '?.append -> resolved src/main/java/org/example/builder/ToStringBuilder.java#ToStringBuilder.append',
    ])
    // `toString()` the class declares; overloads of `mixed` returning two types type nothing after them.
    expect(callsNamed(graph, app, ['toString']).slice(0, 1)).toEqual(['?.toString -> resolved src/main/java/org/example/builder/ToStringBuilder.java#ToStringBuilder.toString'])
    expect(append).toContain('?.append -> by-name ')
  })

  it("stop at a type parameter, and make a library type's methods and what they return external", async () => {
    const graph = new LayerGraph(await layersOfText(JAVA))
    const app = 'src/main/java/org/example/App.java'
    // `as` returns a `T`; `names().get(0)` hands out an element: nothing known.
    expect(callsNamed(graph, app, ['trim']).slice(0, 2)).toEqual(['?.trim -> by-name ', '?.trim -> by-name '])
    expect(callsNamed(graph, app, ['reverse', 'stream'])).toEqual(['?.reverse -> external ', '?.stream -> external '])
    expect(callsNamed(graph, app, ['append']).slice(-2)).toEqual(['?.append -> external ', '?.append -> external '])
  })

  it("type what the root class's methods return on a value of any type (`getClass()`, `toString()`)", async () => {
    const graph = new LayerGraph(await layersOfText(JAVA))
    const app = 'src/main/java/org/example/App.java'
    expect(callsNamed(graph, app, ['getComponentType'])).toEqual(['?.getComponentType -> external '])
    expect(callsNamed(graph, app, ['trim']).at(-1)).toBe('?.trim -> external ')
  })
})

describe("C# calls on a call's value", () => {
  it('type a `var` by the declared return type of what it holds, `Task<T>` giving `T` under `await`', async () => {
    const graph = new LayerGraph(await layersOfText(CSHARP))
    const app = 'src/Web/Controller.cs'
    expect(callsNamed(graph, app, ['AddItem', 'Total'])).toEqual([
      'basket.AddItem -> resolved src/Entities/Basket.cs#Basket.AddItem',
      'found.AddItem -> resolved src/Entities/Basket.cs#Basket.AddItem',
      'order.Total -> resolved src/Entities/Basket.cs#Order.Total',
      // Not awaited: a `Task<Basket>`, a library's.
      'pending.AddItem -> external ',
    ])
  })

  it("leave a call a C# extension method of the index may take (on a library's or a library-based class's value) by name", async () => {
    const graph = new LayerGraph(await layersOfText(CSHARP))
    expect(callsNamed(graph, 'src/Web/Controller.cs', ['ToJson'])).toEqual([
      'user.ToJson -> by-name src/Entities/Basket.cs#JsonExtensions.ToJson',
      '?.ToJson -> by-name src/Entities/Basket.cs#JsonExtensions.ToJson',
    ])
  })

  it("make EF Core's fluent chain on a library's builder external", async () => {
    const graph = new LayerGraph(await layersOfText(CSHARP))
    expect(callsNamed(graph, 'src/Web/Controller.cs', ['Property', 'IsRequired', 'HasMaxLength'])).toEqual([
      'builder.Property -> external ',
      '?.IsRequired -> external ',
      '?.HasMaxLength -> external ',
    ])
  })
})
