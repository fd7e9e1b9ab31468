import { describe, expect, it } from 'vitest'
import type { EdgeRecord } from '@rag/core'
import { LayerGraph } from '../src/index.js'
import { callsOf } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

describe('calls on a receiver of a declared type', () => {
  it("resolves a NestJS controller's calls on its injected service (a constructor parameter property) to the service's methods", async () => {
    // lujakob/nestjs-realworld-example-app's shape: six services define findAll.
    const service = (name: string): string => `export class ${name} {\n  findAll() {}\n}\n`
    const graph = new LayerGraph(
      await layersOfText({
        'src/article/article.service.ts': "export class ArticleService {\n  findAll(query) {}\n  findOne(slug) {}\n}\n",
        'src/tag/tag.service.ts': service('TagService'),
        'src/user/user.service.ts': service('UserService'),
        'src/article/article.controller.ts': [
          "import { ArticleService } from './article.service'",
          '',
          'export class ArticleController {',
          '  constructor(private readonly articleService: ArticleService) {}',
          '',
          '  async findAll(query) {',
          '    return this.articleService.findAll(query)',
          '  }',
          '',
          '  async findOne(slug) {',
          '    return this.articleService.findOne(slug)',
          '  }',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'src/article/article.controller.ts')).toEqual([
      'this.articleService.findAll -> resolved src/article/article.service.ts#ArticleService.findAll',
      'this.articleService.findOne -> resolved src/article/article.service.ts#ArticleService.findOne',
    ])
  })

  it('reads the type from a Java constructor, a Kotlin parameter and a Python constructor, and leaves an undeclared receiver to the name lookup', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/java/org/petclinic/owner/OwnerRepository.java': 'package org.petclinic.owner;\n\npublic interface OwnerRepository {\n  Owner findById(Integer id);\n}\n',
        'src/main/java/org/petclinic/owner/OwnerController.java': [
          'package org.petclinic.owner;',
          '',
          'class OwnerController {',
          '  private final OwnerRepository owners;',
          '',
          '  // spring-petclinic injects through the constructor.',
          '  OwnerController(OwnerRepository owners) {',
          '    this.owners = owners;',
          '  }',
          '',
          '  Owner show(int id) {',
          '    return this.owners.findById(id);',
          '  }',
          '',
          '  Owner find(int id) {',
          '    return owners.findById(id);',
          '  }',
          '}',
        ].join('\n'),
        'src/main/java/org/petclinic/vet/VetRepository.java': 'package org.petclinic.vet;\n\npublic interface VetRepository {\n  Vet findById(Integer id);\n}\n',
        'src/main/kotlin/io/realworld/web/ProfileController.kt': 'package io.realworld.web\n\nclass ProfileController {\n  fun get(ctx: Context) {}\n}\n',
        'src/main/kotlin/io/realworld/web/Router.kt': 'package io.realworld.web\n\nfun routes(profileController: ProfileController, other: Any) {\n  profileController.get(ctx)\n  other.get(ctx)\n}\n',
        'app/__init__.py': '',
        'app/repo.py': 'class Repo:\n    def save(self, item):\n        pass\n',
        'app/other.py': 'class Other:\n    def save(self, item):\n        pass\n',
        'app/service.py': 'from app.repo import Repo\n\n\nclass Service:\n    def __init__(self, repo: Repo):\n        self.repo = repo\n\n    def add(self, item):\n        self.repo.save(item)\n',
      }),
    )
    expect(callsOf(graph, 'src/main/java/org/petclinic/owner/OwnerController.java')).toEqual([
      'this.owners.findById -> resolved src/main/java/org/petclinic/owner/OwnerRepository.java#OwnerRepository.findById',
      'owners.findById -> resolved src/main/java/org/petclinic/owner/OwnerRepository.java#OwnerRepository.findById',
    ])
    expect(callsOf(graph, 'src/main/kotlin/io/realworld/web/Router.kt')).toEqual([
      'profileController.get -> resolved src/main/kotlin/io/realworld/web/ProfileController.kt#ProfileController.get',
      // By name, and not the one `get` of the index: on a receiver of unknown type, `get` is as likely a `Map`'s.
      'other.get -> by-name ',
    ])
    expect(callsOf(graph, 'app/service.py').filter((call) => call.includes('save'))).toEqual(['self.repo.save -> resolved app/repo.py#Repo.save'])
  })

  it('gives a by-name call the file of its candidates when they all are in one (overloads of one Java method)', async () => {
    // spring-petclinic: Owner.getPet has three overloads; `owner` is a local variable of no declared type here.
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/java/org/petclinic/owner/Owner.java':
          'package org.petclinic.owner;\n\npublic class Owner {\n  public Pet getPet(String name) { return null; }\n  public Pet getPet(Integer id) { return null; }\n  public Pet getPet(String name, boolean ignoreNew) { return null; }\n}\n',
        'src/main/java/org/petclinic/owner/PetController.java': 'package org.petclinic.owner;\n\nclass PetController {\n  Pet find(String name) {\n    var owner = load();\n    return owner.getPet(name);\n  }\n}\n',
        'src/main/java/org/petclinic/vet/Vet.java': 'package org.petclinic.vet;\n\npublic class Vet {\n  public String getName() { return null; }\n}\n',
        'src/main/java/org/petclinic/vet/Person.java': 'package org.petclinic.vet;\n\npublic class Person {\n  public String getName() { return null; }\n}\n',
        'src/main/java/org/petclinic/vet/Report.java': 'package org.petclinic.vet;\n\nclass Report {\n  String line(Object someone) {\n    return someone.getName();\n  }\n}\n',
      }),
    )
    const edge = (path: string, target: string): EdgeRecord | undefined => graph.edgesOf(path).find((e) => e.kind === 'calls' && e.target === target)
    expect(edge('src/main/java/org/petclinic/owner/PetController.java', 'getPet')).toMatchObject({ resolution: 'by-name', candidates: 3, targetPath: 'src/main/java/org/petclinic/owner/Owner.java', targetSymbolId: '' })
    // Candidates in two files: no file.
    expect(edge('src/main/java/org/petclinic/vet/Report.java', 'getName')).toMatchObject({ resolution: 'by-name', candidates: 2, targetPath: '' })
  })

  it("resolves calls on Java fields injected without a constructor (Spring's @Autowired) and on C# fields of a type of a namespace imported whole", async () => {
    const owners = 'package com.acme;\n\npublic class OwnerRepository {\n    public Owner findById(int id) { return null; }\n}\n'
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/java/com/acme/OwnerController.java': [
          'package com.acme;',
          '',
          'import org.springframework.beans.factory.annotation.Autowired;',
          '',
          'public class OwnerController {',
          '    @Autowired',
          '    private OwnerRepository owners;',
          '',
          '    private final PetService pets = new PetService();',
          '',
          '    public String show(int id) {',
          '        owners.findById(id);',
          '        this.pets.feed();',
          '        return "owner";',
          '    }',
          '}',
        ].join('\n'),
        'src/main/java/com/acme/OwnerRepository.java': owners,
        'src/main/java/com/acme/PetService.java': 'package com.acme;\n\npublic class PetService {\n    public void feed() {}\n}\n',
        // Decoys: the same method names on another class.
        'src/main/java/com/acme/Vet.java': 'package com.acme;\n\npublic class Vet {\n    public Owner findById(int id) { return null; }\n    public void feed() {}\n}\n',
        'Api/OrdersController.cs': 'using Shop.Data;\n\nnamespace Shop.Api;\n\npublic class OrdersController : ControllerBase\n{\n    [Inject]\n    private readonly IOrderRepository _orders;\n\n    public void Get(int id) { _orders.Find(id); }\n}\n',
        'Data/IOrderRepository.cs': 'namespace Shop.Data;\n\npublic interface IOrderRepository\n{\n    Order Find(int id);\n}\n',
        'Data/Other.cs': 'namespace Shop.Data;\n\npublic class Other\n{\n    public Order Find(int id) { return null; }\n}\n',
      }),
    )
    expect(callsOf(graph, 'src/main/java/com/acme/OwnerController.java')).toEqual([
      'PetService -> resolved src/main/java/com/acme/PetService.java#PetService',
      'owners.findById -> resolved src/main/java/com/acme/OwnerRepository.java#OwnerRepository.findById',
      'this.pets.feed -> resolved src/main/java/com/acme/PetService.java#PetService.feed',
    ])
    expect(callsOf(graph, 'Api/OrdersController.cs')).toEqual(['_orders.Find -> resolved Data/IOrderRepository.cs#IOrderRepository.Find'])
    // The fields are symbols of their own: `rag symbols owners` finds where it is declared.
    expect(graph.symbols({ name: 'owners' }).map((s) => `${s.kind} ${s.qname}: ${s.signature}`)).toEqual(['property OwnerController.owners: private OwnerRepository owners'])
  })

  it("resolves a Laravel controller's calls on services its constructor injects (promoted or assigned) and on typed parameters", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'composer.json': '{ "autoload": { "psr-4": { "App\\\\": "app/" } } }\n',
        'app/Http/Controllers/UserController.php': [
          '<?php',
          '',
          'namespace App\\Http\\Controllers;',
          '',
          'use App\\Models\\Logger;',
          'use App\\Models\\Mailer;',
          'use App\\Services\\UserService;',
          '',
          'class UserController extends Controller',
          '{',
          '    private Mailer $mailer;',
          '',
          '    public function __construct(private UserService $users, Mailer $mailer)',
          '    {',
          '        $this->mailer = $mailer;',
          '    }',
          '',
          '    private ?Logger $logger;',
          '',
          '    public function show(UserService $svc, $id)',
          '    {',
          '        $this->users->find($id);',
          '        $this->mailer->send($id);',
          '        $svc->find($id);',
          '        $this->logger->send($id);',
          '    }',
          '}',
          '',
        ].join('\n'),
        'app/Services/UserService.php': '<?php\n\nnamespace App\\Services;\n\nclass UserService\n{\n    public function find($id) {}\n}\n',
        'app/Models/Mailer.php': '<?php\n\nnamespace App\\Models;\n\nclass Mailer\n{\n    public function send($id) {}\n}\n',
        'app/Models/Logger.php': '<?php\n\nnamespace App\\Models;\n\nclass Logger\n{\n    public function send($id) {}\n}\n',
        // A decoy with the same method names.
        'app/Models/Other.php': '<?php\n\nnamespace App\\Models;\n\nclass Other\n{\n    public function find($id) {}\n    public function send($id) {}\n}\n',
      }),
    )
    expect(callsOf(graph, 'app/Http/Controllers/UserController.php')).toEqual([
      '$this->users.find -> resolved app/Services/UserService.php#UserService.find',
      '$this->mailer.send -> resolved app/Models/Mailer.php#Mailer.send',
      '$svc.find -> resolved app/Services/UserService.php#UserService.find',
      '$this->logger.send -> resolved app/Models/Logger.php#Logger.send',
    ])
    // Properties are symbols, named as `$this->` reads them.
    expect(graph.symbols({ name: 'logger' }).map((s) => `${s.kind} ${s.qname}: ${s.signature}`)).toEqual(['property UserController.logger: private ?Logger $logger'])
  })

  it('reads a receiver through a non-null assertion or an optional chain (TypeScript, Kotlin)', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/store.ts': 'export class Items {\n  clear(): void {}\n}\nexport class Store {\n  readonly items: Items = new Items()\n  save(): void {}\n}\n',
        // Same names elsewhere: a call resolved by name alone names no single definition.
        'src/other.ts': 'export class Other {\n  clear(): void {}\n  save(): void {}\n}\n',
        'src/use.ts': ["import type { Store } from './store.js'", 'export function flush(store?: Store) {', '  store!.save()', '  store?.items.clear()', '}'].join('\n'),
        'src/main/kotlin/Repo.kt': 'class Repo {\n    fun save() {}\n}\nclass Other {\n    fun save() {}\n}\nfun flush(repo: Repo?) {\n    repo!!.save()\n}\n',
      }),
    )
    expect(callsOf(graph, 'src/use.ts')).toEqual(['store.save -> resolved src/store.ts#Store.save', 'store.items.clear -> resolved src/store.ts#Items.clear'])
    expect(callsOf(graph, 'src/main/kotlin/Repo.kt')).toEqual(['repo.save -> resolved src/main/kotlin/Repo.kt#Repo.save'])
  })

  it("reads the type inside TypeScript's utility types that keep its members (Pick, Partial, Readonly), not an array of them", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/kb.ts': 'export interface KnowledgeBase {\n  list(): string[]\n  clear(): void\n}\n',
        'src/other.ts': 'export class Other {\n  list(): void {}\n  clear(): void {}\n}\n',
        'src/use.ts': [
          "import type { KnowledgeBase } from './kb.js'",
          "export function count(kb: Pick<KnowledgeBase, 'list'>, stores: Readonly<KnowledgeBase>[]) {",
          '  kb.list()',
          '  stores.clear()',
          '}',
          'export function reset(options: Partial<KnowledgeBase>) {',
          '  const store: Readonly<KnowledgeBase> = open()',
          '  store.clear()',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'src/use.ts')).toEqual(['kb.list -> resolved src/kb.ts#KnowledgeBase.list', 'stores.clear -> by-name ', 'open -> unresolved ', 'store.clear -> resolved src/kb.ts#KnowledgeBase.clear'])
  })

  it("reads a reassignment's own value with the declaration before it (`schema = schema.check(x)`), and a const's functions with the const", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/schema.ts': 'export class Schema {\n  check(x: number): Refined {\n    return new Refined()\n  }\n}\nexport class Refined {\n  min(): void {}\n}\n',
        // Same method names elsewhere: no call resolves by name alone.
        'src/other.ts': 'export class Other {\n  check(): void {}\n  min(): void {}\n}\n',
        'src/use.ts': [
          "import { Schema, type Refined } from './schema.js'",
          'export function build(email: boolean) {',
          '  let schema: Schema = new Schema()',
          '  if (email) {',
          '    schema = schema.check(2)',
          '  }',
          '  return schema',
          '}',
          'export function watch(run: (stop: () => void) => void) {',
          '  // A function in a `const`\'s value runs after: it sees the value.',
          '  const refined = make(() => refined.min())',
          '}',
          'function make(after: () => void): Refined {',
          '  return undefined as never',
          '}',
        ].join('\n'),
      }),
    )
    const calls = graph.edgesOf('src/use.ts').filter((edge) => edge.kind === 'calls' && (edge.target === 'check' || edge.target === 'min'))
    expect(calls.map((edge) => `${edge.receiver}.${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)).toEqual([
      'schema.check -> resolved src/schema.ts#Schema.check',
      'refined.min -> resolved src/schema.ts#Refined.min',
    ])
  })
})

describe('calls on a C# local of a class declared in a namespace block', () => {
  it('resolves them to the class of the namespace the file is in, not to every method of that name', async () => {
    const store = (name: string): string => `namespace Shop.${name}\n{\n    public class ${name}Store\n    {\n        public void Save() { }\n    }\n}\n`
    const graph = new LayerGraph(
      await layersOfText({
        'Data/OrderStore.cs': store('Order').replace(/Shop\.Order/, 'Shop.Data'),
        'Cache/CacheStore.cs': store('Cache').replace(/Shop\.Cache/, 'Shop.Cache'),
        'Web/OrdersController.cs': [
          'namespace Shop.Data',
          '{',
          '    public class OrdersController',
          '    {',
          '        public void Post()',
          '        {',
          '            OrderStore store = new OrderStore();',
          '            store.Save();',
          '        }',
          '    }',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'Web/OrdersController.cs')).toContain('store.Save -> resolved Data/OrderStore.cs#Shop.Data.OrderStore.Save')
  })
})

describe('C# names of an enclosing namespace', () => {
  it('are seen without a using: code in Shop.Models.Billing reaches Shop.Models.Order and Shop.Money', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/Shop/Models/Order.cs': 'namespace Shop.Models\n{\n    public class Order\n    {\n        public void Ship() {}\n    }\n}\n',
        'src/Shop/Models/Document.cs': 'namespace Shop.Models\n{\n    public abstract class Document {}\n}\n',
        'src/Shop/Common.cs': 'namespace Shop\n{\n    public static class Money\n    {\n        public static decimal Round(decimal x) => x;\n    }\n}\n',
        // Another namespace's Order (not enclosing Billing's): not a candidate.
        'src/Legacy/Order.cs': 'namespace Legacy\n{\n    public class Order\n    {\n        public void Ship() {}\n    }\n}\n',
        'src/Shop/Models/Billing/Invoice.cs': 'namespace Shop.Models.Billing;\n\nclass Invoice : Document\n{\n    void Pay(Order order)\n    {\n        order.Ship();\n        Money.Round(1m);\n        var o = new Order();\n    }\n}\n',
      }),
    )
    const path = 'src/Shop/Models/Billing/Invoice.cs'
    expect(callsOf(graph, path)).toEqual([
      'order.Ship -> resolved src/Shop/Models/Order.cs#Shop.Models.Order.Ship',
      'Money.Round -> resolved src/Shop/Common.cs#Shop.Money.Round',
      'Order -> resolved src/Shop/Models/Order.cs#Shop.Models.Order',
    ])
    expect(graph.edgesOf(path).filter((edge) => edge.kind === 'extends').map((edge) => `${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)).toEqual(['Document -> resolved src/Shop/Models/Document.cs#Shop.Models.Document'])
  })
})
