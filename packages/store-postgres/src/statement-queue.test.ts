import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BinaryCopyEncoder, CHUNK_BYTES } from './binary-copy.js'
import { StatementQueue } from './statement-queue.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let client: pg.Client

beforeAll(async () => {
  test = await createTestDatabase('queue')
  client = new pg.Client({ connectionString: test.url })
  await client.connect()
  await client.query('CREATE TABLE sample (i int4 PRIMARY KEY, t text, b bool NOT NULL, a text[] NOT NULL, p bytea NOT NULL)')
})
afterAll(async () => {
  await client?.end()
  await test?.dispose()
})
beforeEach(async () => {
  await client.query('TRUNCATE sample')
})

interface Sample {
  i: number
  t: string | null
  b: boolean
  a: string[]
  p: number[]
}

const COPY_SAMPLE = 'COPY sample (i, t, b, a, p) FROM STDIN (FORMAT binary)'

/** Streams `rows` through the queue as one binary COPY, in chunks as the encoder fills them. */
async function copyRows(queue: StatementQueue, rows: readonly Sample[], each?: (index: number) => void): Promise<void> {
  const copy = queue.copy(COPY_SAMPLE)
  const encoder = new BinaryCopyEncoder()
  for (const [index, row] of rows.entries()) {
    each?.(index)
    encoder.row(5)
    encoder.int4(row.i)
    encoder.text(row.t)
    encoder.bool(row.b)
    encoder.textArray(row.a)
    encoder.int4Bytes(Int32Array.from(row.p))
    if (encoder.hasFilled) await copy.write(encoder.take())
  }
  await copy.write(encoder.finish())
  copy.end()
}

async function stored(): Promise<Sample[]> {
  const { rows } = await client.query<{ i: number; t: string | null; b: boolean; a: string[]; p: Buffer }>('SELECT i, t, b, a, p FROM sample ORDER BY i')
  return rows.map((row) => ({ i: row.i, t: row.t, b: row.b, a: row.a, p: Array.from({ length: row.p.length / 4 }, (_, k) => row.p.readInt32BE(k * 4)) }))
}

/** Rows whose values cross the encoder's 1 MiB chunks: long multi-byte texts, long term lists, a value larger than a chunk. */
function awkwardRows(): Sample[] {
  const rows: Sample[] = [
    { i: -2_147_483_648, t: null, b: false, a: [], p: [] },
    { i: 2_147_483_647, t: '', b: true, a: [''], p: [-1, 0, 2_147_483_647, -2_147_483_648] },
    { i: 0, t: 'x'.repeat(3_000_000), b: true, a: ['a', 'b'], p: [1] },
  ]
  for (let k = 1; k <= 40; k++) {
    rows.push({
      i: k,
      t: `${'é😀漢字'.repeat(7_000 + k)} ${k} "quoted" \\ back\tslash\nnew line`,
      b: k % 2 === 0,
      a: Array.from({ length: 3_000 + k * 37 }, (_, n) => `term${n}-ü😀-${k}`),
      p: Array.from({ length: k * 3 }, (_, n) => n * k - 7),
    })
  }
  return rows
}

describe('StatementQueue with BinaryCopyEncoder', () => {
  it('stores rows exactly through binary COPY, whatever chunk boundaries their values cross', async () => {
    const rows = awkwardRows()
    const queue = new StatementQueue(client)
    await copyRows(queue, rows)
    await queue.drain()
    expect(await stored()).toEqual([...rows].sort((x, y) => x.i - y.i))
  })

  it('stores a term list whose header or length word falls on any byte near the end of a chunk', async () => {
    const queue = new StatementQueue(client)
    const rows: Sample[] = []
    // In each COPY the list's length word starts at byte 38 + the text's length (file header 19,
    // field count 2, int4 8, text length 4, bool 5): walk it across the last 30 bytes of the chunk.
    for (let r = 0; r < 30; r++) {
      const row = { i: r, t: 'x'.repeat(CHUNK_BYTES - 38 - r), b: true, a: ['first', 'second', 'ü😀'], p: [r] }
      rows.push(row)
      await copyRows(queue, [row])
    }
    await queue.drain()
    expect(await stored()).toEqual(rows)
  })

  it('runs statements and COPYs in the order they were queued', async () => {
    const queue = new StatementQueue(client)
    await queue.push("INSERT INTO sample (i, t, b, a, p) VALUES (1, 'first', true, '{}', '')", [])
    await copyRows(queue, [{ i: 2, t: 'copied', b: false, a: ['x'], p: [5] }])
    await queue.push("UPDATE sample SET t = t || ' then updated'", [])
    await copyRows(queue, [{ i: 3, t: 'last', b: false, a: [], p: [] }])
    await queue.drain()
    expect((await stored()).map((row) => row.t)).toEqual(['first then updated', 'copied then updated', 'last'])
  })

  it('throws the server failure of a COPY, and after abandon the connection rolls back and serves the next query', async () => {
    await client.query('BEGIN')
    const queue = new StatementQueue(client)
    let failure: unknown
    try {
      await copyRows(queue, [...awkwardRows(), { i: 7, t: 'duplicate key', b: true, a: [], p: [] }])
      await queue.drain()
    } catch (error) {
      failure = error
      await queue.abandon(error)
    }
    expect(String(failure)).toMatch(/duplicate key value violates unique constraint/)
    await client.query('ROLLBACK')
    expect(await stored()).toEqual([])
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
  })

  it('abandons a COPY the caller fails in the middle of, megabytes in, so the transaction rolls back', async () => {
    await client.query('BEGIN')
    await client.query("INSERT INTO sample (i, t, b, a, p) VALUES (1000, 'before', true, '{}', '')")
    const queue = new StatementQueue(client)
    const rows = awkwardRows().filter((row) => row.i > 0)
    const boom = new Error('the caller failed')
    let failure: unknown
    try {
      await copyRows(queue, rows, (index) => {
        if (index === 35) throw boom
      })
    } catch (error) {
      failure = error
      await queue.abandon(error)
    }
    expect(failure).toBe(boom)
    await client.query('ROLLBACK')
    expect(await stored()).toEqual([])
    await client.query("INSERT INTO sample (i, t, b, a, p) VALUES (1, 'after', true, '{}', '')")
    expect((await stored()).map((row) => row.t)).toEqual(['after'])
  })
})
