import type { WebhookView } from '@app/core'
import { App, Button, Drawer, Flex, Typography } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState } from '../../../components/page/EmptyState'
import { deliveryColumns } from './deliveryColumns'
import { useDeliveries } from './useDeliveries'

/** A delivery's body as sent, indented; a body that is not JSON as it is. */
function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

/** An endpoint's delivery log: newest first, more by cursor, each body under its row, any sent again. */
export function DeliveriesDrawer({
  open,
  endpoint,
  onClose,
}: {
  open: boolean
  /** kept while the drawer slides away, so its title stays */
  endpoint: WebhookView | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { log, rows, resend } = useDeliveries(open ? (endpoint?.id ?? null) : null)
  const resendingId = resend.isPending ? (resend.variables ?? null) : null
  const columns = useMemo(
    () =>
      deliveryColumns(
        t,
        (d) => resend.mutate(d.id, { onSuccess: () => message.success(t('integrations.deliveries.resent')) }),
        resendingId,
      ),
    [t, resend.mutate, resendingId, message],
  )
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      title={t('integrations.deliveries.title', { url: endpoint?.url ?? '' })}
      data-testid="deliveries-drawer"
    >
      <Flex vertical gap={12}>
        <DataTable
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={log.isLoading}
          pagination={false}
          size="small"
          rowTestId={(d) => `delivery-row-${d.id}`}
          expandable={{
            expandedRowRender: (d) => (
              <Typography.Paragraph
                aria-label={t('integrations.deliveries.body')}
                style={{ margin: 0 }}
                data-testid={`delivery-body-${d.id}`}
              >
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {prettyJson(d.body)}
                </pre>
              </Typography.Paragraph>
            ),
          }}
          empty={
            <EmptyState
              title={t('integrations.deliveries.emptyTitle')}
              hint={t('integrations.deliveries.emptyHint')}
              testId="deliveries-empty"
            />
          }
        />
        {log.hasNextPage ? (
          <Flex justify="center">
            <Button
              onClick={() => void log.fetchNextPage()}
              loading={log.isFetchingNextPage}
              data-testid="deliveries-more"
            >
              {t('integrations.deliveries.loadMore')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Drawer>
  )
}
