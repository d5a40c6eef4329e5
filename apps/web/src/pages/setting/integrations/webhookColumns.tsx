import { DeleteOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons'
import type { WebhookView } from '@app/core'
import { Button, Flex, Popconfirm, Space, Switch, Tag, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { actionsWidth, type PageColumn } from '../../../components/page/tableColumns'
import { HookStatusTag } from './status'

export interface WebhookRowActions {
  onToggle: (hook: WebhookView, enabled: boolean) => void
  onDeliveries: (hook: WebhookView) => void
  onEdit: (hook: WebhookView) => void
  onDelete: (hook: WebhookView) => void
  /** the endpoint being turned on or off */
  togglingId: number | null
}

/** The webhook endpoints table: where events go, which, whether on (and why not), what waits. */
export function webhookColumns(t: TFunction, a: WebhookRowActions): PageColumn<WebhookView>[] {
  const labels = [t('integrations.hooks.deliveries'), t('common.edit'), t('common.delete')]
  return [
    {
      key: 'url',
      title: t('integrations.hooks.url'),
      width: 260,
      alwaysShown: true,
      render: (_, h) => (
        <Flex vertical>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{h.url}</Typography.Text>
          {h.description ? <Typography.Text type="secondary">{h.description}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'events',
      title: t('integrations.hooks.events'),
      width: 240,
      render: (_, h) => (
        <Space size={[0, 4]} wrap>
          {h.events.map((e) => (
            <Tag key={e} title={e}>
              {t(`integrations.event.${e}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'enabled',
      title: t('integrations.hooks.enabled'),
      width: 80,
      render: (_, h) => (
        <Switch
          checked={h.enabled}
          loading={a.togglingId === h.id}
          onChange={(on) => a.onToggle(h, on)}
          aria-label={t('integrations.hooks.enabledLabel', { url: h.url })}
          data-testid={`webhook-enabled-${h.id}`}
        />
      ),
    },
    {
      key: 'status',
      title: t('integrations.hooks.status'),
      width: 200,
      render: (_, h) => <HookStatusTag hook={h} />,
    },
    { key: 'pending', title: t('integrations.hooks.pending'), dataIndex: 'pending', width: 90 },
    {
      key: 'actions',
      title: t('common.actions'),
      width: actionsWidth(labels, { icons: true }),
      actions: true,
      render: (_, h) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<UnorderedListOutlined />}
            onClick={() => a.onDeliveries(h)}
            data-testid={`webhook-deliveries-${h.id}`}
          >
            {labels[0]}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => a.onEdit(h)}
            data-testid={`webhook-edit-${h.id}`}
          >
            {labels[1]}
          </Button>
          <Popconfirm
            title={t('integrations.hooks.deleteTitle')}
            description={t('integrations.hooks.deleteText')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => a.onDelete(h)}
          >
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              data-testid={`webhook-delete-${h.id}`}
            >
              {labels[2]}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]
}
