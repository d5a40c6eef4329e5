import type { MaterialOwnerTypeValue } from '@app/core'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { listMaterialGroups } from '../../api/material'

/** Every material list, count and group query lives under this key (files have their own). */
export const MATERIALS_KEY = ['materials'] as const

const materialGroupsKey = (ownerType: MaterialOwnerTypeValue) =>
  [...MATERIALS_KEY, 'groups', ownerType] as const

/** The groups of one library with their material counts. */
export function useMaterialGroups(ownerType: MaterialOwnerTypeValue, enabled = true) {
  return useQuery({
    queryKey: materialGroupsKey(ownerType),
    queryFn: () => listMaterialGroups(ownerType),
    enabled,
  })
}

/** After any material or group change: lists, counts and groups may all differ. */
export const refreshMaterials = (qc: QueryClient) => qc.invalidateQueries({ queryKey: MATERIALS_KEY })
