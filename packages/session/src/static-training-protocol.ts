/** What the main thread and the static training worker exchange (constants and types: the worker bundle stays small). */
import type { MessagePort } from 'node:worker_threads'
import type { AnalysedTexts, StaticModel } from '@rag/vector'
import type { AnalyzerName } from './retrieval-presets.js'
import type { SharedRowsMessage } from './shared-rows.js'

/** `state[STATE]` while the request waits or its texts are analysed. */
export const RUNNING = 0
/** `state[STATE]` once the worker posted the texts' analysis (training goes on). */
export const ANALYSED = 1
/** `state[STATE]` once the worker posted the request's outcome. */
export const ANSWERED = 2
/** Index of the request's progress in its `state`. */
export const STATE = 0
/** Index of the request's cancel flag in its `state`: the caller sets it to 1, the worker stops at its next checkpoint. */
export const CANCEL = 1
/**
 * Index of the request's post counter in its `state`: the worker adds 1 after each message it posts
 * (row tasks included) and notifies it, so a caller blocked on it wakes for every one.
 */
export const SIGNAL = 2
/** Bytes of a request's `state`: three `Int32`s. */
export const STATE_BYTES = 12

/** One training request, posted to the worker. */
export interface StaticTrainingRequest {
  readonly kind?: 'train'
  /** The texts to train on and embed, in order. */
  readonly texts: readonly string[]
  /** Rebuilt from `ANALYZERS` in the worker: it must be the session's analyzer object itself. */
  readonly analyzer: AnalyzerName
  readonly dimensions: number
  /**
   * {@link STATE_BYTES}: {@link STATE} (the worker sets {@link ANALYSED}, then {@link ANSWERED}, each
   * after posting, and notifies), {@link CANCEL} and {@link SIGNAL}.
   */
  readonly state: SharedArrayBuffer
  /** Where the worker posts its {@link StaticTrainingMessage}s. */
  readonly port: MessagePort
}

/** The worker's answer: the model and every text's vector (row-major, text order), or why training stopped. */
export type StaticTrainingOutcome =
  | { readonly ok: true; readonly model: StaticModel; readonly vectors: Float32Array }
  | { readonly ok: false; readonly cancelled: boolean; readonly message: string }

/**
 * What the worker posts: first the texts' analysis (unless training failed before it), then row
 * tasks the caller may help with while it waits (see `shared-rows.ts`), then the outcome.
 */
export type StaticTrainingMessage =
  | { readonly kind: 'analysed'; readonly analysed: AnalysedTexts }
  | SharedRowsMessage
  | { readonly kind: 'outcome'; readonly outcome: StaticTrainingOutcome }

/**
 * One analysis request, posted to the same worker: the analyzer's terms of each text, joined by
 * single spaces (what a store's full-text column holds), posted back in batches in text order
 * while the caller commits the ones before.
 */
export interface TextAnalysisRequest {
  readonly kind: 'analyse'
  readonly texts: readonly string[]
  /** Rebuilt from `ANALYZERS` in the worker: it must be the session's analyzer object itself. */
  readonly analyzer: AnalyzerName
  /** {@link STATE_BYTES}: {@link STATE} ({@link ANSWERED} after the last batch), {@link CANCEL} and {@link SIGNAL}. */
  readonly state: SharedArrayBuffer
  readonly port: MessagePort
}

/** What the worker posts for a {@link TextAnalysisRequest}: batches of joined terms in text order, or why it stopped. */
export type TextAnalysisMessage = { readonly kind: 'joined'; readonly terms: readonly string[] } | { readonly kind: 'failed'; readonly message: string }
