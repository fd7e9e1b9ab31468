/** Test helper: the error `promise` rejects with (failing the test when it resolves). */
export async function rejection<T = Error>(promise: Promise<unknown>): Promise<T> {
  return promise.then(
    () => {
      throw new Error('expected a rejection; the promise resolved')
    },
    (error: unknown) => error as T,
  )
}
