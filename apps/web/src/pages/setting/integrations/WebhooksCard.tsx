import { ApiOutlined, PlusOutlined } from '@ant-design/icons'
import type { WebhookCreated, WebhookView } from '@app/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState } from '../../../components/page/EmptyState'
import { DeliveriesDrawer } from './DeliveriesDrawer'
import { deleteWebhook, IntegrationsKey, listWebhooks, setWebhookEnabled } from './integrationsApi'
import { SecretModal } from './SecretModal'
import { WebhookFormModal } from './WebhookFormModal'
import { webhookColumns } from './webhookColumns'

/** A modal's or drawer's state: open or not, and for which endpoint (kept while it closes; null: a new one). */
interface PanelState {
  open: boolean
  hook: WebhookView | null
}
const CLOSED: PanelState = { open: false, hook: null }

/** The tenant's webhook endpoints: add (secret shown once), edit, turn on or off, delete, see deliveries. */
export function WebhooksCard() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [formState, setFormState] = useState<PanelState>(CLOSED)
  const [secret, setSecret] = useState<string | null>(null)
  const [deliveries, setDeliveries] = useState<PanelState>(CLOSED)
  const hooks = useQuery({ queryKey: IntegrationsKey.webhooks, queryFn: listWebhooks })
  const refresh = () => qc.invalidateQueries({ queryKey: IntegrationsKey.webhooks })
  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => setWebhookEnabled(id, enabled),
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => {
      message.success(t('integrations.hooks.deleted'))
      return refresh()
    },
  })
  const togglingId = toggle.isPending ? (toggle.variables?.id ?? null) : null
  const columns = useMemo(
    () =>
      webhookColumns(t, {
        onToggle: (h, enabled) => toggle.mutate({ id: h.id, enabled }),
        onDeliveries: (h) => setDeliveries({ open: true, hook: h }),
        onEdit: (h) => setFormState({ open: true, hook: h }),
        onDelete: (h) => remove.mutate(h.id),
        togglingId,
      }),
    [t, toggle.mutate, remove.mutate, togglingId],
  )
  const add = () => setFormState({ open: true, hook: null })
  const created = (c: WebhookCreated) => {
    setFormState((f) => ({ ...f, open: false }))
    setSecret(c.secret)
    void refresh()
  }
  const saved = () => {
    setFormState((f) => ({ ...f, open: false }))
    message.success(t('common.saved'))
    void refresh()
  }
  return (
    <Card
      title={t('integrations.hooks.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={add} data-testid="webhook-new">
          {t('integrations.hooks.create')}
        </Button>
      }
      data-testid="webhooks-card"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('integrations.hooks.intro')}</Typography.Text>
        <DataTable
          rowKey="id"
          columns={columns}
          dataSource={hooks.data ?? []}
          loading={hooks.isLoading}
          pagination={false}
          size="middle"
          rowTestId={(h) => `webhook-row-${h.id}`}
          empty={
            <EmptyState
              title={t('integrations.hooks.emptyTitle')}
              hint={t('integrations.hooks.emptyHint')}
              action={{
                label: t('integrations.hooks.create'),
                icon: <ApiOutlined />,
                onClick: add,
                testId: 'webhook-empty-new',
              }}
              testId="webhooks-empty"
            />
          }
        />
      </Flex>
      <WebhookFormModal
        open={formState.open}
        editing={formState.hook}
        onClose={() => setFormState((f) => ({ ...f, open: false }))}
        onCreated={created}
        onSaved={saved}
      />
      <SecretModal
        secret={secret}
        title={t('integrations.hooks.createdTitle')}
        label={t('integrations.hooks.secretLabel')}
        usage={t('integrations.hooks.verify')}
        onClose={() => setSecret(null)}
        testId="webhook-secret"
      />
      <DeliveriesDrawer
        open={deliveries.open}
        endpoint={deliveries.hook}
        onClose={() => setDeliveries((d) => ({ ...d, open: false }))}
      />
    </Card>
  )
}
