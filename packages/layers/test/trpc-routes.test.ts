import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

/** create-t3-turbo's API package, cut down: a root router holding routers of other files by key. */
const API = {
  'packages/api/src/trpc.ts': [
    'import { initTRPC } from "@trpc/server";',
    'const t = initTRPC.create();',
    'export const createTRPCRouter = t.router;',
    'export const publicProcedure = t.procedure;',
    '',
  ].join('\n'),
  'packages/api/src/root.ts': [
    'import { authRouter } from "./router/auth";',
    'import { postRouter } from "./router/post";',
    'import { createTRPCRouter } from "./trpc";',
    '',
    'export const appRouter = createTRPCRouter({',
    '  auth: authRouter,',
    '  post: postRouter,',
    '});',
    '',
  ].join('\n'),
  'packages/api/src/router/post.ts': [
    'import type { TRPCRouterRecord } from "@trpc/server";',
    'import { publicProcedure } from "../trpc";',
    '',
    'export const postRouter = {',
    '  all: publicProcedure.query(({ ctx }) => ctx.db.query.Post.findMany()),',
    '  delete: publicProcedure.mutation(({ ctx, input }) => ctx.db.delete(input)),',
    '} satisfies TRPCRouterRecord;',
    '',
  ].join('\n'),
  'packages/api/src/router/auth.ts': [
    'import { createTRPCRouter, publicProcedure } from "../trpc";',
    '',
    'export const authRouter = createTRPCRouter({',
    '  session: createTRPCRouter({ get: publicProcedure.query(({ ctx }) => ctx.session) }),',
    '});',
    '',
  ].join('\n'),
}

describe('tRPC procedures', () => {
  it("joins the keys of the routers that hold a procedure with dots, across files (create-t3-turbo's layout)", async () => {
    const graph = new LayerGraph(await layersOfText(API))
    const routes = graph.entrypoints({ kind: 'http-route' }).map((r) => `${r.path}:${r.startLine} ${r.method} ${r.route}${r.declaredRoute ? ` (${r.declaredRoute})` : ''}`)
    expect(routes).toEqual([
      'packages/api/src/router/auth.ts:4 GET auth.session.get (session.get)',
      'packages/api/src/router/post.ts:5 GET post.all (all)',
      'packages/api/src/router/post.ts:6 POST post.delete (delete)',
    ])
    expect(graph.entrypoints({ kind: 'http-route', route: 'post.all' }).map((r) => r.handler)).toEqual(['postRouter.all'])
  })
})
