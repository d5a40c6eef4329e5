import { type QueryClient, useQuery } from '@tanstack/react-query'
import { fanLabels, listLabels } from '../../api/label'

/** Every label query (pages, the full list, each fan's labels) lives under this key. */
export const LABELS_KEY = ['labels'] as const
const ALL_LABELS_KEY = [...LABELS_KEY, 'all'] as const
const fanLabelsKey = (fanId: number) => [...LABELS_KEY, 'fan', fanId] as const

/** Every label of the tenant with fan counts (pickers). */
export function useAllLabels(enabled = true) {
  return useQuery({ queryKey: ALL_LABELS_KEY, queryFn: listLabels, enabled })
}

/** The labels on one fan. */
export function useFanLabels(fanId: number) {
  return useQuery({ queryKey: fanLabelsKey(fanId), queryFn: () => fanLabels(fanId) })
}

/** After any label change: names, fan counts and fans' labels all may differ. */
export const refreshLabels = (qc: QueryClient) => qc.invalidateQueries({ queryKey: LABELS_KEY })
