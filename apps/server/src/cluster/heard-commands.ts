import type { Redis } from 'ioredis'

/**
 * The client as a caller that never reads a command's result sees it: every command's failure is
 * reported to `onError` instead of rejecting unheard. Socket.IO's Redis adapter publishes and
 * subscribes without awaiting; while Redis is away its commands wait, and closing the process
 * would reject each of them with no one listening.
 */
export function heardCommands(client: Redis, onError: (err: Error) => void): Redis {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const result = value.apply(target, args)
        if (result instanceof Promise) result.catch(onError)
        return result
      }
    },
  })
}
