import { useQuery } from '@tanstack/react-query'
import { listAccountGroups } from '../../api/account'

export const ACCOUNT_GROUPS_KEY = ['accountGroups'] as const

/** The tenant's account groups with their account counts (the group page, filters, "move to group"). */
export function useAccountGroups() {
  return useQuery({ queryKey: ACCOUNT_GROUPS_KEY, queryFn: listAccountGroups })
}

/** Select options of the groups. */
export function useGroupOptions(): { value: number; label: string }[] {
  const groups = useAccountGroups()
  return (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))
}
