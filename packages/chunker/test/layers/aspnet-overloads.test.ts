import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

describe('ASP.NET actions overloaded by HTTP method', () => {
  it("names as each route's handler the overload its attribute sits on (eShopOnWeb's ManageController)", async () => {
    const source = [
      'using Microsoft.AspNetCore.Mvc;',
      '',
      'namespace Web.Controllers;',
      '',
      '[Route("[controller]/[action]")]',
      'public class ManageController : Controller',
      '{',
      '    [HttpGet]',
      '    public async Task<IActionResult> MyAccount()',
      '    {',
      '        return View(await LoadAsync());',
      '    }',
      '',
      '    [HttpPost]',
      '    [ValidateAntiForgeryToken]',
      '    public async Task<IActionResult> MyAccount(IndexViewModel model)',
      '    {',
      '        return RedirectToAction(nameof(MyAccount));',
      '    }',
      '}',
      '',
    ].join('\n')
    const { layers } = await chunker.chunkWithLayers({ path: 'src/Web/Controllers/ManageController.cs', content: source, format: 'code' })
    const byMethod = Object.fromEntries(layers.entrypoints.map((route) => [route.method, route]))
    const line = (id: string): number | undefined => layers.symbols.find((symbol) => symbol.id === id)?.startLine
    expect(byMethod['GET']?.route).toBe('/Manage/MyAccount')
    expect(line(byMethod['GET']!.handlerSymbolId)).toBeLessThan(12)
    expect(line(byMethod['POST']!.handlerSymbolId)).toBeGreaterThan(12)
  })
})
