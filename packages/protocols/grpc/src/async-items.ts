/** An array as the AsyncIterable the connect transport reads request messages from. */
// An async generator (not a hand-made iterator): the transport calls next, return and throw on it.
// eslint-disable-next-line @typescript-eslint/require-await -- yielding from an array needs nothing to await
export async function* asyncItems<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items
}
