import type { RoleId } from '@app/core'
import type { ReactNode } from 'react'
import { hasAnyRole, useSession } from '../stores/session'

/** Renders its children only for a user holding at least one of `roles` (spec §2 permission directive). */
export function Access({ roles, children }: { roles: readonly RoleId[]; children: ReactNode }) {
  const held = useSession((s) => s.roles)
  return hasAnyRole(held, roles) ? children : null
}
