import {
  type BusinessHoursBody,
  businessMillisBetween,
  type ServiceLevelView,
  targetsForAgent,
} from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { getBusinessHours, getServiceLevel, SupportKey } from '../../api/support'

/** Where a waiting customer stands against the tenant's response target. */
export type ServiceClock = {
  level: 'ok' | 'amber' | 'red'
  targetMinutes: number
  /** true: only business hours count (the tenant's hours are on) */
  businessTime: boolean
}

/** The settings change rarely: read again at most every five minutes. */
const STALE_MS = 5 * 60_000

/**
 * A customer waiting on us turns amber once half the response target has passed and red once it
 * has passed, counting only the tenant's business time; null while service levels are off. The
 * target is the session owner's group's where it has its own, else the tenant's; the first-response
 * one (the list does not tell a first turn from a later one).
 */
function serviceClockOf(
  level: ServiceLevelView | undefined,
  hours: BusinessHoursBody | undefined,
  since: number,
  now: number,
  ownerId: number | null,
): ServiceClock | null {
  if (!level?.enabled) return null
  const minutes = targetsForAgent(level, ownerId).firstResponseMinutes
  const target = minutes * 60_000
  const waited = hours ? businessMillisBetween(hours, since, now) : now - since
  return {
    level: waited >= target ? 'red' : waited * 2 >= target ? 'amber' : 'ok',
    targetMinutes: minutes,
    businessTime: hours?.enabled === true,
  }
}

/**
 * The tenant's service level and business hours, read once for every row of the desk; the clock
 * of a row takes the agent whose session it is (null: none).
 */
export function useServiceClock(): (
  since: number,
  now: number,
  ownerId: number | null,
) => ServiceClock | null {
  const level = useQuery({ queryKey: SupportKey.serviceLevel, queryFn: getServiceLevel, staleTime: STALE_MS })
  const hours = useQuery({
    queryKey: SupportKey.businessHours,
    queryFn: getBusinessHours,
    staleTime: STALE_MS,
  })
  return useCallback(
    (since: number, now: number, ownerId: number | null) =>
      serviceClockOf(level.data, hours.data, since, now, ownerId),
    [level.data, hours.data],
  )
}
