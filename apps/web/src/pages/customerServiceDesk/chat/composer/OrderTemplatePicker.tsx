import { ProfileOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Popover, Spin, Tooltip } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { orderTemplatesForChat } from '../../../../api/merchants'
import { lazyPart } from '../../../../components/lazyPart'

// antd's List (with its pagination) loads when the picker first shows templates
const OrderTemplateList = lazyPart(
  () => import('./OrderTemplateList').then((m) => m.OrderTemplateList),
  <Spin />,
)

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
    <OrderTemplateList
      templates={list.data ?? []}
      onPick={(text) => {
        onPick(text)
        setOpen(false)
      }}
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
