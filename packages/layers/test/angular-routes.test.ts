import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

const routes = (graph: LayerGraph): string[] => graph.entrypoints({ kind: 'http-route' }).map((e) => `${e.method} ${e.route} -> ${e.handlerSymbolId}`)

const component = (name: string): string => `import { Component } from '@angular/core';\n\n@Component({ selector: 'app-x', template: '' })\nexport class ${name} {}\n`

/** angular-realworld-example-app's shape: standalone routes, a feature's routes loaded by `loadChildren`. */
const STANDALONE = {
  'package.json': '{ "name": "app", "dependencies": { "@angular/core": "^19.0.0", "@angular/router": "^19.0.0" } }\n',
  'src/app/app.routes.ts':
    "import { Routes } from '@angular/router';\n\nexport const routes: Routes = [\n  { path: '', loadComponent: () => import('./home/home.component') },\n  { path: 'profile', loadChildren: () => import('./profile/profile.routes') },\n];\n",
  'src/app/home/home.component.ts': component('HomeComponent'),
  'src/app/profile/profile.routes.ts':
    "import { Routes } from '@angular/router';\nimport { ProfileComponent } from './profile.component';\n\nconst routes: Routes = [\n  {\n    path: ':username',\n    component: ProfileComponent,\n    children: [\n      { path: 'favorites', loadComponent: () => import('./favorites.component') },\n      { path: 'about', loadComponent: () => import('./about.component').then((m) => m.AboutComponent) },\n    ],\n  },\n];\n\nexport default routes;\n",
  'src/app/profile/profile.component.ts': component('ProfileComponent'),
  'src/app/profile/favorites.component.ts': component('FavoritesComponent'),
  'src/app/profile/about.component.ts': component('AboutComponent'),
}

/** ngx-admin's shape: NgModules loaded by `loadChildren`, whose routes their routing modules declare (imported directly, or in a list the module spreads). */
const NG_MODULES = {
  'package.json': '{ "name": "admin", "dependencies": { "@angular/core": "^17.0.0", "@angular/router": "^17.0.0" } }\n',
  'src/app/app-routing.module.ts':
    "import { NgModule } from '@angular/core';\nimport { RouterModule, Routes } from '@angular/router';\n\nexport const routes: Routes = [\n  { path: 'pages', loadChildren: () => import('./pages/pages.module').then((m) => m.PagesModule) },\n];\n\n@NgModule({ imports: [RouterModule.forRoot(routes)], exports: [RouterModule] })\nexport class AppRoutingModule {}\n",
  'src/app/pages/pages.module.ts':
    "import { NgModule } from '@angular/core';\nimport { ThemeModule } from '../theme.module';\nimport { PagesRoutingModule } from './pages-routing.module';\n\nconst MODULES = [ThemeModule, PagesRoutingModule];\n\n@NgModule({ imports: [...MODULES] })\nexport class PagesModule {}\n",
  'src/app/theme.module.ts': "import { NgModule } from '@angular/core';\n\n@NgModule({})\nexport class ThemeModule {}\n",
  'src/app/pages/pages-routing.module.ts':
    "import { NgModule } from '@angular/core';\nimport { RouterModule, Routes } from '@angular/router';\nimport { PagesComponent } from './pages.component';\nimport { DashboardComponent } from './dashboard.component';\n\nconst routes: Routes = [{\n  path: '',\n  component: PagesComponent,\n  children: [\n    { path: 'dashboard', component: DashboardComponent },\n    { path: 'charts', loadChildren: () => import('./charts/charts.module').then((m) => m.ChartsModule) },\n  ],\n}];\n\n@NgModule({ imports: [RouterModule.forChild(routes)], exports: [RouterModule] })\nexport class PagesRoutingModule {}\n",
  'src/app/pages/pages.component.ts': component('PagesComponent'),
  'src/app/pages/dashboard.component.ts': component('DashboardComponent'),
  'src/app/pages/charts/charts.module.ts':
    "import { NgModule } from '@angular/core';\nimport { ChartsRoutingModule } from './charts-routing.module';\n\n@NgModule({ imports: [ChartsRoutingModule] })\nexport class ChartsModule {}\n",
  'src/app/pages/charts/charts-routing.module.ts':
    "import { NgModule } from '@angular/core';\nimport { RouterModule, Routes } from '@angular/router';\nimport { EchartsComponent } from './echarts.component';\n\nconst routes: Routes = [{ path: 'echarts', component: EchartsComponent }];\n\n@NgModule({ imports: [RouterModule.forChild(routes)], exports: [RouterModule] })\nexport class ChartsRoutingModule {}\n",
  'src/app/pages/charts/echarts.component.ts': component('EchartsComponent'),
}

describe("Angular's routes", () => {
  it('serves the routes of a module loaded by loadChildren under the loading route, handled by their components', async () => {
    const graph = new LayerGraph(await layersOfText(STANDALONE))
    expect(routes(graph)).toEqual([
      'GET / -> src/app/home/home.component.ts#',
      // (`ProfileComponent` lays out its child: its own path is no route.)
      'GET /profile/:username/favorites -> src/app/profile/favorites.component.ts#',
      // (The class a lazily loaded module gives: `.then((m) => m.AboutComponent)`.)
      'GET /profile/:username/about -> src/app/profile/about.component.ts#AboutComponent',
    ])
  })

  it("serves a lazily loaded NgModule's routes, declared by the routing module it imports, under the loading route's path, as deep as they nest", async () => {
    const graph = new LayerGraph(await layersOfText(NG_MODULES))
    expect(routes(graph)).toEqual(['GET /pages/charts/echarts -> src/app/pages/charts/echarts.component.ts#EchartsComponent', 'GET /pages/dashboard -> src/app/pages/dashboard.component.ts#DashboardComponent'])
    // A module that no longer imports its routing module no longer serves its routes there.
    graph.apply({ upsert: await layersOfText({ 'src/app/pages/charts/charts.module.ts': "import { NgModule } from '@angular/core';\n\n@NgModule({ imports: [] })\nexport class ChartsModule {}\n" }) })
    expect(routes(graph)[0]).toBe('GET /echarts -> src/app/pages/charts/echarts.component.ts#EchartsComponent')
    // An edit of the loading route's path moves what it loads.
    graph.apply({ upsert: await layersOfText({ 'src/app/app-routing.module.ts': NG_MODULES['src/app/app-routing.module.ts'].replace("path: 'pages'", "path: 'admin'") }) })
    expect(routes(graph)[1]).toBe('GET /admin/dashboard -> src/app/pages/dashboard.component.ts#DashboardComponent')
  })
})
