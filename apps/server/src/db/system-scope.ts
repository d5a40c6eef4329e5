declare const systemScopeBrand: unique symbol

/**
 * The right to read or write rows of every tenant. A repository or service method that does not
 * filter by the caller's tenant takes one as its first parameter; the value cannot be built by hand
 * (its type carries a private brand), only by `openSystemScope`, and only the files the structure
 * test lists may call that: engines, the gateway's inbound path, start-up and the public lookups
 * (sign-in, public share pages). Request code works with the caller's tenant instead.
 */
export interface SystemScope {
  readonly [systemScopeBrand]: true
  /** who opened it, for logs and traces */
  readonly by: string
}

/** A system scope for the named engine or public lookup (see the structure test's list of openers). */
export function openSystemScope(by: string): SystemScope {
  return Object.freeze({ by }) as unknown as SystemScope
}
