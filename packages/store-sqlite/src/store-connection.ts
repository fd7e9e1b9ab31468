import type Database from 'better-sqlite3'
import { RagError } from '@rag/core'
import { toStoreError } from './errors/store-errors.js'
import { clearLayers, prepareLayerStatements, type LayerStatements } from './layer-tables.js'
import { META } from './schema.js'
import { prepareStatements, type Statements } from './statements.js'
import { VectorTable } from './vector-table.js'
import { describeOwner, StoreWriteLock } from './write-lock.js'

/** An open store file and what its reads and writes go through. */
export interface Connection {
  readonly db: Database.Database
  readonly statements: Statements
  readonly layers: LayerStatements
  readonly lock: StoreWriteLock
  readonly vectors: VectorTable
}

/**
 * How a `SqliteKnowledgeBase` reaches its file: a read in one deferred transaction (one
 * snapshot), a write in one IMMEDIATE transaction that checks the write lock and bumps the
 * generation, every failure turned into a store error naming the file and the action, and the
 * closed state (every use after `close` fails with a RagError `IO`).
 */
export class StoreConnection {
  readonly #path: string
  #connection: Connection | undefined

  /** Prepares every statement on `db` (the file at `path`). @throws when a statement does not prepare. */
  constructor(path: string, db: Database.Database) {
    this.#path = path
    this.#connection = { db, statements: prepareStatements(db), layers: prepareLayerStatements(db), lock: new StoreWriteLock(db), vectors: new VectorTable(db) }
  }

  /** The open connection. @throws RagError `IO` once closed. */
  use(): Connection {
    if (this.#connection === undefined) {
      throw new RagError('IO', `${this.#path}: the SQLite knowledge base is closed; open it again to use it.`)
    }
    return this.#connection
  }

  /** Releases a held write lock and closes the file. Idempotent. */
  close(): void {
    const connection = this.#connection
    this.#connection = undefined
    connection?.lock.releaseHeld()
    connection?.db.close()
  }

  /** Runs a read in one deferred transaction: every statement in it sees the same snapshot. */
  read<T>(action: string, work: (connection: Connection) => T): T {
    const connection = this.use()
    try {
      return connection.db.transaction(() => work(connection)).deferred()
    } catch (error) {
      throw toStoreError(error, this.#path, action)
    }
  }

  /** Runs a write in one IMMEDIATE transaction (takes the write lock first) and bumps the generation. */
  write<T>(action: string, work: (connection: Connection) => T): T {
    const connection = this.use()
    try {
      return connection.db
        .transaction(() => {
          const holder = connection.lock.blockingHolder()
          if (holder !== undefined) {
            throw new RagError('LOCKED', `${this.#path}: the index is being written by ${describeOwner(holder)}; cannot ${action} now.`)
          }
          const result = work(connection)
          connection.statements.bumpGeneration.run(META.generation)
          connection.statements.putMeta.run(META.committedAt, new Date().toISOString())
          return result
        })
        .immediate()
    } catch (error) {
      throw toStoreError(error, this.#path, action)
    }
  }
}

/** Empties every table of the store (documents, terms, fingerprints, state, code layers, vectors) inside the caller's write. */
export function clearStore({ statements, layers, vectors }: Connection): void {
  clearLayers(layers)
  vectors.clear()
  statements.clearDocuments.run()
  statements.clearTerms.run()
  statements.clearTermCounts.run()
  statements.clearFingerprints.run()
  statements.deleteMeta.run(META.state)
}
