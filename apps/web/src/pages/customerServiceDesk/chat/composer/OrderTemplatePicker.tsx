import { ProfileOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, List, Popover, Spin, Tooltip, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { orderTemplatesForChat } from '../../../../api/merchants'

/**
 * The order templates of the tenant, filled for the open chat ({nickname}, {phone}, {account},
 * {date}); picking one puts its text in the composer to be checked and sent.
 */
export function OrderTemplatePicker({
  sessionId,
  disabled,
  onPick,
}: {
  sessionId: number
  disabled: boolean
  onPick(text: string): void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const list = useQuery({
    queryKey: ['orderTemplates', 'forChat', sessionId],
    queryFn: () => orderTemplatesForChat(sessionId),
    enabled: open,
    staleTime: 30_000,
  })
  const content = list.isLoading ? (
    <Spin />
  ) : (list.data ?? []).length === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('merchants.templates.empty')} />
  ) : (
    <List
      size="small"
      style={{ width: 320, maxHeight: 360, overflow: 'auto' }}
      dataSource={list.data ?? []}
      renderItem={(tpl) => (
        <List.Item
          style={{ cursor: 'pointer' }}
          onClick={() => {
            onPick(tpl.text)
            setOpen(false)
          }}
          data-testid="chat-order-template-item"
        >
          <List.Item.Meta
            title={tpl.name}
            description={
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {tpl.text}
              </Typography.Paragraph>
            }
          />
        </List.Item>
      )}
    />
  )
  return (
    <Popover
      open={open}
      onOpenChange={(v) => setOpen(v && !disabled)}
      trigger="click"
      title={t('merchants.templates.picker')}
      content={content}
      placement="topLeft"
    >
      <Tooltip title={t('merchants.templates.picker')}>
        <Button
          type="text"
          icon={<ProfileOutlined />}
          aria-label={t('merchants.templates.picker')}
          disabled={disabled}
          data-testid="chat-order-template"
        />
      </Tooltip>
    </Popover>
  )
}
