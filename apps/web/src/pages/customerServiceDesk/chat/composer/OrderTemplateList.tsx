import type { FilledOrderTemplate } from '@app/core'
import { List, Typography } from 'antd'

/** The templates to pick from; picking one hands its text on. */
export function OrderTemplateList({
  templates,
  onPick,
}: {
  templates: FilledOrderTemplate[]
  onPick(text: string): void
}) {
  return (
    <List
      size="small"
      style={{ width: 320, maxHeight: 360, overflow: 'auto' }}
      dataSource={templates}
      renderItem={(tpl) => (
        <List.Item
          style={{ cursor: 'pointer' }}
          onClick={() => onPick(tpl.text)}
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
}
