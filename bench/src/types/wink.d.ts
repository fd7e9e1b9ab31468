// Minimal declarations for the two untyped wink packages bench uses.
declare module 'wink-bm25-text-search' {
  interface WinkBm25Engine {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean
    definePrepTasks(tasks: ((input: unknown) => unknown)[], field?: string): number
    addDoc(doc: Record<string, string>, id: string | number): number
    consolidate(fp?: number): boolean
    search(text: string, limit?: number): [string, number][]
  }
  function bm25(): WinkBm25Engine
  export default bm25
}

declare module 'wink-nlp-utils' {
  type Task = (input: unknown) => unknown
  const utils: {
    string: { lowerCase: Task; removeExtraSpaces: Task; tokenize0: Task }
    tokens: { propagateNegations: Task; removeWords: Task; stem: Task }
  }
  export default utils
}
