import {
  Access,
  tenantSettingsEndpoints as api,
  type TenantDisplayView,
  type TenantSettingsBody,
} from '@app/core'
import { useEffect } from 'react'
import { create } from 'zustand'
import { useSession } from '../stores/session'
import { call } from './client'
import { backgroundCall } from './request'

export const getTenantSettings = () => call(api.get)
export const saveTenantSettings = (body: TenantSettingsBody) => call(api.update, body)
const getTenantDisplay = () => call(api.display, undefined, backgroundCall)

export const TENANT_SETTINGS_KEY = ['tenantSettings'] as const

interface DisplayState {
  /** per tenant, so a sign-in to another tenant never shows the previous one's */
  byTenant: Record<number, TenantDisplayView>
  /** tenants already asked for (answered or not): a failed read is not retried until the next refresh */
  asked: Record<number, true>
}

/** Kept outside React Query: the title is read by every route, also outside the layouts' query providers. */
const useDisplayStore = create<DisplayState>(() => ({ byTenant: {}, asked: {} }))

/** Read the tenant's display settings again (after the supervisor saved them). */
export async function refreshTenantDisplay(tenantId: number): Promise<void> {
  useDisplayStore.setState((s) => ({ asked: { ...s.asked, [tenantId]: true } }))
  try {
    const view = await getTenantDisplay()
    useDisplayStore.setState((s) => ({ byTenant: { ...s.byTenant, [tenantId]: view } }))
  } catch {
    // the product's defaults stay in force
  }
}

/**
 * The tenant's page title, desk notifications and translation defaults, for the tenant's people
 * (platform staff and signed-out visitors have none: undefined). Read once per tenant.
 */
export function useTenantDisplay(): TenantDisplayView | undefined {
  const tenantId = useSession((s) =>
    s.roles.some((r) => (Access.tenant as readonly number[]).includes(r)) ? s.user?.tenantId : undefined,
  )
  const view = useDisplayStore((s) => (tenantId ? s.byTenant[tenantId] : undefined))
  const asked = useDisplayStore((s) => (tenantId ? s.asked[tenantId] === true : true))
  useEffect(() => {
    if (tenantId && !asked) void refreshTenantDisplay(tenantId)
  }, [tenantId, asked])
  return view
}
