import { RISK_STATUS_POLL_MS } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { getTenantRiskStatus } from '../api/user'

/** Tenant risk status (1 under control, 0 not), on entry and every 30 minutes (spec §4, §7). */
export function useRiskStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['tenantRiskStatus'],
    queryFn: getTenantRiskStatus,
    enabled,
    refetchInterval: RISK_STATUS_POLL_MS,
    refetchIntervalInBackground: true,
  })
}
