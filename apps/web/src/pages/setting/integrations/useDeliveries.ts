import type { WebhookDeliveryPage, WebhookDeliveryView } from '@app/core'
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { IntegrationsKey, listDeliveries, redeliver } from './integrationsApi'

/** Deliveries read per "load more". */
const DELIVERIES_PAGE_SIZE = 20

type Pages = InfiniteData<WebhookDeliveryPage, string | undefined>

/**
 * An endpoint's delivery log, newest first, a page at a time by the server's cursor; and sending a
 * delivery again, whose answer replaces its row where it stands.
 */
export function useDeliveries(endpointId: number | null) {
  const qc = useQueryClient()
  const key = IntegrationsKey.deliveries(endpointId ?? 0)
  const log = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => listDeliveries(endpointId ?? 0, pageParam, DELIVERIES_PAGE_SIZE),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: endpointId !== null,
  })
  const resend = useMutation({
    mutationFn: (id: number) => redeliver(id),
    onSuccess: (row: WebhookDeliveryView) => {
      qc.setQueryData<Pages>(key, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({ ...p, list: p.list.map((d) => (d.id === row.id ? row : d)) })),
            }
          : data,
      )
      // the endpoint's pending count changed
      return qc.invalidateQueries({ queryKey: IntegrationsKey.webhooks })
    },
  })
  const rows = log.data?.pages.flatMap((p) => p.list) ?? []
  return { log, rows, resend }
}
