import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRag } from './create-rag.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

// eShopOnWeb's shape: a service small enough to be one chunk, and pages that call its method more often than it says it.
const caller = (i: number): string =>
  `public class CheckoutModel${i}\n{\n    public async Task OnPost()\n    {\n${Array.from({ length: 8 }, (_, j) => `        await _orderService.CreateOrderAsync(basketId${j}, address); // CreateOrderAsync ${j}`).join('\n')}\n    }\n}\n`
const FILES: Record<string, string> = {
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`src/Web/Pages/Checkout${i}.cshtml.cs`, caller(i)])),
  'src/ApplicationCore/Services/OrderService.cs':
    `public class OrderService : IOrderService\n{\n    public async Task CreateOrderAsync(int basketId, Address shippingAddress)\n    {\n${Array.from({ length: 20 }, (_, i) => `        var item${i} = await _basketRepository.GetItemAsync(basketId, ${i}); // basket item ${i} of the order`).join('\n')}\n    }\n}\n`,
}

describe('locateFiles for a query that is one name', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('puts the file that defines it first, a method of a one-chunk class found through the code layers', async () => {
    const rag = createRag({ layers: true })
    await rag.indexDirectory(repo.root)
    const { files } = await rag.locateFiles('CreateOrderAsync', { limit: 3 })
    expect(files[0]!.file).toBe('src/ApplicationCore/Services/OrderService.cs')
    // Found through the layers (no chunk is named for the method), and weighed above any chunk hit (at most 1).
    expect(files[0]!.contributions.find((c) => c.signal === 'definitions')?.value).toBeGreaterThan(1)
    // In a sentence the name weighs as before: the callers, which say it more often, may come first.
    const sentence = await rag.locateFiles('Fix CreateOrderAsync losing the shipping address', { limit: 10 })
    expect(sentence.files.map((f) => f.file)).toContain('src/ApplicationCore/Services/OrderService.cs')
  })
})
