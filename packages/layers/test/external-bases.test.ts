import type { EdgeRecord } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** `receiver.target -> resolution` of each call of a file. */
function calls(graph: LayerGraph, path: string): string[] {
  return graph
    .edgesOf(path)
    .filter((edge: EdgeRecord) => edge.kind === 'calls')
    .map((edge) => `${edge.receiver ? `${edge.receiver}.` : ''}${edge.target} -> ${edge.resolution}${edge.targetSymbolId ? ` ${edge.targetSymbolId}` : ''}`)
}

describe('members a type inherits from a library', () => {
  it("are external (spring-petclinic's OwnerRepository extends JpaRepository: owners.save())", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/java/org/pc/owner/OwnerRepository.java':
          'package org.pc.owner;\n\nimport org.springframework.data.jpa.repository.JpaRepository;\n\npublic interface OwnerRepository extends JpaRepository<Owner, Integer> {\n  Owner findById(Integer id);\n}\n',
        'src/main/java/org/pc/owner/Owner.java': 'package org.pc.owner;\n\npublic class Owner {\n  public String getName() { return ""; }\n}\n',
        'src/main/java/org/pc/owner/OwnerController.java':
          'package org.pc.owner;\n\nclass OwnerController {\n  private final OwnerRepository owners;\n  OwnerController(OwnerRepository owners) { this.owners = owners; }\n  String create(Owner owner) {\n    this.owners.save(owner);\n    owners.findById(1);\n    return owner.getName();\n  }\n}\n',
      }),
    )
    expect(calls(graph, 'src/main/java/org/pc/owner/OwnerController.java')).toEqual([
      'this.owners.save -> external',
      'owners.findById -> resolved src/main/java/org/pc/owner/OwnerRepository.java#OwnerRepository.findById',
      'owner.getName -> resolved src/main/java/org/pc/owner/Owner.java#Owner.getName',
    ])
  })

  it('are external through a chain of the index own classes, and only when no class of the chain has the member', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/other.ts': 'export function stop() {}\nexport class Engine {\n  stop() {}\n}\n',
        'src/app.ts': [
          "import { EventEmitter } from 'node:events'",
          'class Bus extends EventEmitter {',
          '  publish(topic: string) { this.emit(topic) }',
          '}',
          'class AuditBus extends Bus {}',
          'class Base {',
          '  start() {}',
          '}',
          'class Plain extends Base {}',
          'export function run(bus: AuditBus, plain: Plain) {',
          '  bus.setMaxListeners(5)',
          "  bus.publish('y')",
          '  plain.start()',
          '  plain.stop()',
          '}',
        ].join('\n'),
      }),
    )
    expect(calls(graph, 'src/app.ts')).toEqual([
      'this.emit -> external',
      'bus.setMaxListeners -> external',
      'bus.publish -> resolved src/app.ts#Bus.publish',
      'plain.start -> resolved src/app.ts#Base.start',
      // Plain's chain is all in the index: an unknown member is still a guess by name, not a library's.
      'plain.stop -> by-name src/other.ts#Engine.stop',
    ])
  })
})

describe("the runtime's methods of an imported value", () => {
  it('are external: an array constant joined, a function bound; a method of its own still resolves', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/http-methods.ts': "export const HTTP_METHODS = ['GET', 'POST']\nexport function handle() {}\nexport class Router {\n  static join() {}\n}\n",
        'src/app.ts': "import { HTTP_METHODS, handle, Router } from './http-methods'\nexport function describe() {\n  HTTP_METHODS.join(', ')\n  handle.bind(null)\n  HTTP_METHODS.custom()\n  Router.join()\n}\n",
      }),
    )
    expect(calls(graph, 'src/app.ts')).toEqual([
      'HTTP_METHODS.join -> external',
      'handle.bind -> external',
      // Not a method the runtime has: the value's file, as before.
      'HTTP_METHODS.custom -> resolved',
      'Router.join -> resolved src/http-methods.ts#Router.join',
    ])
  })
})

describe("names the runtime or the test runner gives a file", () => {
  it("are external: vitest's and jest's globals in a test file, C#'s keyword types and System's classes", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/sum.test.ts': "import { sum } from './sum'\ndescribe('sum', () => {\n  beforeEach(() => vi.useFakeTimers())\n  it('adds', () => {\n    expect(sum(1, 2)).toBe(3)\n  })\n})\n",
        'src/sum.ts': 'export function sum(a: number, b: number) { return a + b }\n',
        'src/Shop/Basket.cs': 'namespace Shop\n{\n    public class Basket\n    {\n        public List<string> Items() { return new List<string>(); }\n        public bool Empty(string id) { return string.IsNullOrEmpty(id); }\n    }\n}\n',
        // The project's own `List` elsewhere: not a candidate for System's.
        'src/Web/Pages.cs': 'namespace Web\n{\n    public class Pages\n    {\n        public void List() {}\n    }\n}\n',
      }),
    )
    expect(calls(graph, 'src/sum.test.ts')).toEqual([
      'describe -> external',
      'beforeEach -> external',
      'vi.useFakeTimers -> external',
      'it -> external',
      'expect -> external',
      'sum -> resolved src/sum.ts#sum',
      '?.toBe -> external',
    ])
    expect(calls(graph, 'src/Shop/Basket.cs')).toEqual(['List -> external', 'string.IsNullOrEmpty -> external'])
  })

  it("are external for more of java.lang's classes (OutOfMemoryError, ThreadGroup, Appendable)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/java/org/x/Guard.java': 'package org.x;\n\nclass Guard {\n  void run(Appendable out, ThreadGroup group) {\n    out.append("x");\n    group.getName();\n    throw new OutOfMemoryError();\n  }\n}\n',
        'src/main/java/org/x/Other.java': 'package org.x;\n\nclass Other {\n  void append(String s) {}\n  String getName() { return ""; }\n}\n',
      }),
    )
    expect(calls(graph, 'src/main/java/org/x/Guard.java')).toEqual(['out.append -> external', 'group.getName -> external', 'OutOfMemoryError -> external'])
  })

  it("are external for java.lang.Object's getClass() on any value and java.lang.Class's methods on a class literal, whatever the index names so", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/java/org/x/ClassUtils.java': 'package org.x;\n\npublic class ClassUtils {\n  public static Class<?> getClass(String name) { return null; }\n  public String getName() { return ""; }\n}\n',
        'src/main/java/org/x/Probe.java': [
          'package org.x;',
          '',
          'class Probe {',
          '  void run(Object[] array, Probe other) {',
          '    array.getClass();',
          '    other.getClass();',
          '    ClassUtils.getClass("org.x.Probe");',
          '    Probe.class.getName();',
          '  }',
          '}',
          '',
        ].join('\n'),
      }),
    )
    expect(calls(graph, 'src/main/java/org/x/Probe.java')).toEqual([
      'array.getClass -> external',
      'other.getClass -> external',
      'ClassUtils.getClass -> resolved src/main/java/org/x/ClassUtils.java#ClassUtils.getClass',
      'Probe.class.getName -> external',
    ])
  })

  it("are external for a test runner's callback parameters (ava's and node:test's t, mocha's done), not for a project's own test helper or another package's callback", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'test/fetch.ts': "import test from 'ava'\n\ntest('fetches', async (t) => {\n  t.is(1, 1)\n})\ntest.serial('in order', (t) => {\n  t.deepEqual([], [])\n})\n",
        'test/client.js': "const { test } = require('node:test')\nconst { createServer } = require('node:http')\n\ntest('closes', (t) => {\n  t.after(() => {})\n  createServer((req, res) => {\n    res.writeHead(200)\n  })\n})\n",
        'test/helpers.js': "function check (name, fn) { fn(new Probe()) }\nclass Probe { writeHead () {} is () {} }\nmodule.exports = { check }\n",
        'test/own.js': "const { check } = require('./helpers')\n\ncheck('own', (p) => {\n  p.is(1)\n})\n",
      }),
    )
    expect(calls(graph, 'test/fetch.ts')).toEqual(['test -> external', 't.is -> external', 'test.serial -> external', 't.deepEqual -> external'])
    const client = calls(graph, 'test/client.js')
    expect(client).toContain('t.after -> external')
    // (node:http's server callback gets the runtime's request and response: see the HTTP handlers below.)
    expect(client).toContain('res.writeHead -> external')
    expect(calls(graph, 'test/own.js')).not.toContain('p.is -> external')
  })

  it("are external for an HTTP handler's parameters (node:http, Express, Fastify, Hono), not for another package's callback or a project's own router", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/model.js': 'export class Item {\n  json () {}\n  send () {}\n  save () {}\n  status () {}\n}\n',
        'src/app.js': [
          "import express from 'express'",
          "import _ from 'lodash'",
          "import { Router } from './router.js'",
          '',
          'const app = express()',
          "app.get('/items', (req, res) => {",
          '  res.status(200)',
          '  res.json([])',
          '})',
          'app.use((err, req, res, next) => {',
          '  res.send(err)',
          '})',
          "_.forEach([], (item) => item.save())",
          'const own = new Router()',
          "own.get('/x', (item) => item.save())",
          '',
        ].join('\n'),
        'src/router.js': "import { Item } from './model.js'\nexport class Router {\n  get (path, fn) { fn(new Item()) }\n}\n",
        'src/server.ts': "import Fastify from 'fastify'\nimport { Hono } from 'hono'\n\nconst fastify = Fastify()\nfastify.post('/', async (request, reply) => reply.send(request.body))\nconst hono = new Hono()\nhono.get('/', (c) => c.json({}))\n",
      }),
    )
    const app = calls(graph, 'src/app.js')
    expect(app).toEqual(expect.arrayContaining(['res.status -> external', 'res.json -> external', 'res.send -> external']))
    // (lodash's callbacks get the project's values; a project's router is read through its code.)
    expect(app).not.toContain('item.save -> external')
    expect(calls(graph, 'src/server.ts')).toEqual(expect.arrayContaining(['reply.send -> external', 'c.json -> external']))
  })

  it("are external for a named route handler's parameters when another file registers it on a package's app (Express controllers, wrapped ones, middleware and what app.use mounts too), not on a project's own router", async () => {
    const files = {
      'src/render.js': 'export function render (view) { return view }\nexport function redirect (to) { return to }\n',
      'src/user.js': [
        'exports.list = function (req, res) {',
        "  res.render('users')",
        '}',
        'exports.load = function (req, res, next) {',
        '  req.session.touch()',
        '  process.nextTick(function () { next() })',
        '}',
        'exports.unused = function (req, res) {',
        "  res.render('unused')",
        '}',
        '',
      ].join('\n'),
      'src/catch-async.js': 'module.exports = (fn) => (req, res, next) => fn(req, res, next).catch(next)\n',
      'src/items.js': "const catchAsync = require('./catch-async')\n\nconst create = catchAsync(async (req, res) => {\n  res.status(201)\n})\n\nmodule.exports = { create }\n",
      'src/auth.js': "exports.check = function (req, res, next) {\n  if (!req.user) return res.redirect('/login')\n  next()\n}\n",
      'src/errors.js': 'exports.handle = function (err, req, res, next) {\n  res.status(500)\n}\n',
      'src/index.js': "const express = require('express')\nconst user = require('./user')\nconst items = require('./items')\nconst auth = require('./auth')\nconst { handle } = require('./errors')\n\nconst app = express()\napp.get('/', user.load)\napp.get('/users', auth.check, user.list)\napp.post('/items', items.create)\napp.use(handle)\n",
      'src/own/router.js': 'export class Router {\n  get (path, fn) { fn({}, {}) }\n}\n',
      'src/own/page.js': "exports.show = function (req, res) {\n  res.redirect('/')\n}\n",
      'src/own/routes.js': "const express = require('express')\nconst { Router } = require('./router')\nconst page = require('./page')\n\nconst router = new Router()\nrouter.get('/page', page.show)\n",
    }
    const graph = new LayerGraph(await layersOfText(files))
    expect(calls(graph, 'src/user.js')).toEqual(['res.render -> external', 'req.session.touch -> external', 'process.nextTick -> external', 'next -> external', 'res.render -> unresolved'])
    // (A constant holding a wrapped handler: its inline function's parameters; a middleware the route names before its handler: its.)
    expect(calls(graph, 'src/items.js')).toContain('res.status -> external')
    expect(calls(graph, 'src/auth.js')).toEqual(['res.redirect -> external', 'next -> external'])
    // (And a function the app mounts: `app.use(handle)`.)
    expect(calls(graph, 'src/errors.js')).toEqual(['res.status -> external'])
    // (A router of the project's calls the handler with the project's values: not the framework's.)
    expect(calls(graph, 'src/own/page.js')).toEqual(['res.redirect -> unresolved'])
  })

  it("are external through a chain of calls that starts at a package's function (Joi's schemas, supertest's requests), not at a project's", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/mail.js': 'exports.send = function (to) {}\nexports.set = function (key) {}\nexports.email = function () {}\nexports.expect = function () {}\nexports.deliver = function () {}\n',
        'src/schema.js': "const Joi = require('joi')\n\nexports.user = Joi.object().keys({\n  email: Joi.string().required().email(),\n})\n",
        'test/users.test.js': [
          "const request = require('supertest')",
          "const { build } = require('../src/build')",
          '',
          "test('creates', async () => {",
          "  await request(app).post('/users').set('Accept', 'json').send({}).expect(201)",
          '  build().first().deliver()',
          '})',
          '',
        ].join('\n'),
        'src/build.js': 'exports.build = function () { return { first () { return this } } }\n',
      }),
    )
    expect(calls(graph, 'src/schema.js')).toEqual(['Joi.object -> external', '?.keys -> external', 'Joi.string -> external', '?.required -> external', '?.email -> external'])
    const test = calls(graph, 'test/users.test.js')
    expect(test).toEqual(expect.arrayContaining(['?.set -> external', '?.send -> external', '?.expect -> external']))
    // (A chain from a project's function is read through what its links return: here, nothing known.)
    expect(test).toContain('?.deliver -> unresolved')
  })

  it("are external for a member of an imported value a package's function made (a mongoose model, an axios instance), not of one the project's function made", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/models/product.js': "import mongoose from 'mongoose'\n\nconst Product = mongoose.model('Product', new mongoose.Schema({}))\n\nexport default Product\n",
        'src/api.js': "import axios from 'axios'\nimport { makeStore } from './store.js'\n\nexport const api = axios.create({ baseURL: '/api' })\nexport const store = makeStore()\n",
        'src/store.js': 'export function makeStore () { return new Store() }\nexport class Store {\n  findById (id) {}\n  get (key) {}\n}\n',
        'src/controller.js': [
          "import Product from './models/product.js'",
          "import { api, store } from './api.js'",
          '',
          'export async function show (id) {',
          '  await Product.findById(id)',
          "  await api.get('/x')",
          '  store.findById(id)',
          '}',
        ].join('\n'),
      }),
    )
    const show = calls(graph, 'src/controller.js')
    expect(show).toEqual(expect.arrayContaining(['Product.findById -> external', 'api.get -> external']))
    expect(show).not.toContain('store.findById -> external')
  })

  it("are external through a Python chain of attributes that reaches a library's class (Flask-SQLAlchemy's db.session), in the file and where the value is imported", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'app/__init__.py': 'from flask_sqlalchemy import SQLAlchemy\n\ndb = SQLAlchemy()\n\n\ndef create_app():\n    db.session.commit()\n',
        'app/routes.py': 'from app import db\n\n\ndef register(user):\n    db.session.add(user)\n    db.session.commit()\n    db.create_all()\n',
        // The same names in a class of the project: a guess by name would reach them.
        'app/store.py': 'class Store:\n    def commit(self):\n        pass\n\n    def create_all(self):\n        pass\n',
      }),
    )
    expect(calls(graph, 'app/__init__.py')).toEqual(['SQLAlchemy -> external', 'db.session.commit -> external'])
    expect(calls(graph, 'app/routes.py')).toEqual(['db.session.add -> external', 'db.session.commit -> external', 'db.create_all -> external'])
  })

  it("are external for a bare call a Java file imports with a library class's members (import static ...MockMvcResultMatchers.*), and so is a chain on it", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/main/java/org/pc/model/NamedEntity.java': 'package org.pc.model;\n\npublic class NamedEntity {\n  public String name() { return ""; }\n  public String status() { return ""; }\n}\n',
        'src/test/java/org/pc/OwnerTests.java': [
          'package org.pc;',
          '',
          'import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.*;',
          'import java.util.*;',
          '',
          'class OwnerTests {',
          '  void shows() {',
          '    status();',
          '    view().name("owners/show");',
          '    helper();',
          '  }',
          '  void helper() {}',
          '}',
        ].join('\n'),
      }),
    )
    expect(calls(graph, 'src/test/java/org/pc/OwnerTests.java')).toEqual([
      'status -> external',
      'view -> external',
      '?.name -> external',
      'helper -> resolved src/test/java/org/pc/OwnerTests.java#OwnerTests.helper',
    ])
  })

  it("are external for a Python method a class inherits from a library (`self.assertEqual()` of a `unittest.TestCase`), not for its own or a project base's", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'tests/helpers.py': 'class Checks:\n    def check_user(self, user):\n        pass\n\n    def assertEqual(self, a, b):\n        pass\n',
        'tests/test_users.py': [
          'import typing as t',
          'import unittest',
          'from tests.helpers import Checks',
          '',
          '',
          'class UserTests(unittest.TestCase):',
          '    def test_name(self):',
          "        self.assertEqual('a', 'a')",
          '        self.helper()',
          '',
          '    def helper(self):',
          '        pass',
          '',
          '',
          'class OwnTests(Checks):',
          '    def test_own(self):',
          "        self.check_user('a')",
          '        self.missing()',
          '',
          '',
          "class Bar(t.Generic[V]):",
          '    def __init__(self, show):',
          '        self.show = show',
          '',
          '    def line(self):',
          '        self.show()',
          '',
        ].join('\n'),
      }),
    )
    expect(calls(graph, 'tests/test_users.py')).toEqual([
      'self.assertEqual -> external',
      'self.helper -> resolved tests/test_users.py#UserTests.helper',
      'self.check_user -> resolved tests/helpers.py#Checks.check_user',
      'self.missing -> unresolved',
      // (`Generic[V]` gives no members: `self.show` is an attribute holding a function, as click's `ProgressBar.item_show_func`.)
      'self.show -> unresolved',
    ])
  })

  it("are external for a call on an attribute a Python class has from its library base (Django's `BlogPage.objects.live()`), not on one the class defines", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'blog/managers.py': 'class PageManager:\n    def live(self):\n        pass\n',
        'blog/models.py': [
          'from django.db import models',
          'from blog.managers import PageManager',
          '',
          '',
          'class BlogPage(models.Model):',
          '    pages = PageManager()',
          '',
          '',
          'class Draft:',
          '    pass',
          '',
        ].join('\n'),
        'blog/views.py': 'from blog.models import BlogPage, Draft\n\n\ndef index(request):\n    BlogPage.objects.live()\n    BlogPage.pages.live()\n    Draft.objects.live()\n',
      }),
    )
    expect(calls(graph, 'blog/views.py')).toEqual([
      'BlogPage.objects.live -> external',
      // (An attribute the class body defines, and a class without a library's base: read as before, by name.)
      'BlogPage.pages.live -> by-name blog/managers.py#PageManager.live',
      'Draft.objects.live -> by-name blog/managers.py#PageManager.live',
    ])
  })

  it("are external for the web platform's globals (DOMException, ReadableStream, WebSocket) and what is typed by them", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/ws.ts': "export function open(server: WebSocket) {\n  server.send('x')\n  new ReadableStream()\n  throw new DOMException('aborted', 'AbortError')\n}\n",
        'src/context.ts': 'export class WSContext {\n  send(data: string) {}\n}\n',
      }),
    )
    expect(calls(graph, 'src/ws.ts')).toEqual(['server.send -> external', 'ReadableStream -> external', 'DOMException -> external'])
  })

  it("are external for Go's conversions to its predeclared types ([]byte(s), string(b), int64(n))", async () => {
    const graph = new LayerGraph(await layersOfText({ 'render.go': 'package render\n\nfunc Write(s string, n int) {\n\tb := []byte(s)\n\t_ = string(b)\n\t_ = int64(n)\n}\n' }))
    expect(calls(graph, 'render.go')).toEqual(['byte -> external', 'string -> external', 'int64 -> external'])
  })

  it('still resolve to a definition of the project that the file imports', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/spec.ts': "export function describe(name: string) {}\n",
        'src/run.ts': "import { describe } from './spec'\ndescribe('x')\n",
      }),
    )
    expect(calls(graph, 'src/run.ts')).toEqual(['describe -> resolved src/spec.ts#describe'])
  })
})

describe('types of a library a C# or Java file imports whole', () => {
  it("are external, with what a class inherits from them (an ASP.NET controller's View(), xunit's Assert)", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/Web/HomeController.cs': [
          'using Microsoft.AspNetCore.Mvc;',
          '',
          'namespace Shop.Web;',
          '',
          'public class HomeController : Controller',
          '{',
          '    public IActionResult Index()',
          '    {',
          '        Audit();',
          '        return View();',
          '    }',
          '    private void Audit() {}',
          '}',
        ].join('\n'),
        'src/Web/Account.cs':
          'using Microsoft.AspNetCore.Identity;\n\nnamespace Shop.Web;\n\npublic class Account\n{\n    private readonly UserManager<ApplicationUser> _userManager;\n    public void Run()\n    {\n        _userManager.GetUserAsync(null);\n    }\n}\n',
        'src/Web/ApplicationUser.cs': 'namespace Shop.Web;\n\npublic class ApplicationUser {}\n',
        'tests/HomeTests.cs': 'using Xunit;\n\nnamespace Shop.Tests;\n\npublic class HomeTests\n{\n    public void Renders()\n    {\n        Assert.Equal(1, 1);\n        Guard.Against.EmptyBasket(1);\n    }\n}\n',
        // A project's extension method on a library's type keeps its candidate.
        'src/Web/GuardExtensions.cs': 'namespace Shop.Web;\n\npublic static class GuardExtensions\n{\n    public static void EmptyBasket(this IGuardClause guard, int n) {}\n}\n',
      }),
    )
    const path = 'src/Web/HomeController.cs'
    expect(graph.edgesOf(path).filter((edge) => edge.kind === 'extends').map((edge) => `${edge.target} -> ${edge.resolution}`)).toEqual(['Controller -> external'])
    expect(calls(graph, path)).toEqual(['Audit -> resolved src/Web/HomeController.cs#HomeController.Audit', 'View -> external'])
    // A field of a library's (generic) type.
    expect(calls(graph, 'src/Web/Account.cs')).toEqual(['_userManager.GetUserAsync -> external'])
    expect(calls(graph, 'tests/HomeTests.cs')).toEqual(['Assert.Equal -> external', 'Guard.Against.EmptyBasket -> by-name src/Web/GuardExtensions.cs#GuardExtensions.EmptyBasket'])
  })

  it('are not what a class of the index has the name of', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/Other/Derived.cs': 'using Microsoft.AspNetCore.Mvc;\n\nnamespace Shop.Other;\n\npublic class Derived : Widget\n{\n    public void Run() { Widget.Make(); }\n}\n',
        'src/Far/Widget.cs': 'namespace Far;\n\npublic class Widget\n{\n    public static void Make() {}\n}\n',
      }),
    )
    const path = 'src/Other/Derived.cs'
    expect(graph.edgesOf(path).filter((edge) => edge.kind === 'extends').map((edge) => edge.resolution)).not.toEqual(['external'])
    expect(calls(graph, path)).not.toEqual(['Widget.Make -> external'])
  })
})
