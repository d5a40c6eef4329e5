/** `promise`, or the error `late()` makes once `ms` have passed without its answer. */
export function withTimeout<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
