import { DeleteOutlined, FileImageOutlined, PlusOutlined } from '@ant-design/icons'
import { AUTO_REPLY_SENTENCES_MAX, AUTO_REPLY_TEXT_MAX, type AutoReplySentence } from '@app/core'
import { Button, Card, Flex, Input, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MaterialPicker } from '../../../../components/material/MaterialPicker'

interface Props {
  value?: AutoReplySentence[]
  onChange?: (value: AutoReplySentence[]) => void
  disabled?: boolean
}

/**
 * The sentences of a reply, in order: texts typed here or materials of the libraries (any type),
 * at most ten. The form item around it checks them with the endpoint's rules.
 */
export function SentenceList({ value = [], onChange, disabled }: Props) {
  const { t } = useTranslation()
  const [picking, setPicking] = useState(false)
  const [names, setNames] = useState<Record<number, string>>({})
  const set = (next: AutoReplySentence[]) => onChange?.(next)
  const full = value.length >= AUTO_REPLY_SENTENCES_MAX
  return (
    <Flex vertical gap={8} data-testid="auto-reply-sentences">
      {value.map((s, i) => (
        // sentences have no identity of their own: their place is their key
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Card key={i} size="small" styles={{ body: { padding: 8 } }}>
          <Flex gap={8} align="start">
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', lineHeight: '32px' }}>
              {i + 1}.
            </Typography.Text>
            {s.type === 'text' ? (
              <Input.TextArea
                value={s.text}
                disabled={disabled}
                autoSize={{ minRows: 1, maxRows: 5 }}
                maxLength={AUTO_REPLY_TEXT_MAX}
                placeholder={t('autoReply.textPlaceholder')}
                onChange={(e) =>
                  set(value.map((x, j) => (j === i ? { type: 'text', text: e.target.value } : x)))
                }
                data-testid={`auto-reply-sentence-${i}`}
              />
            ) : (
              <Typography.Text style={{ flex: 1 }} data-testid={`auto-reply-sentence-${i}`}>
                {names[s.materialId]
                  ? t('autoReply.materialLabel', { name: names[s.materialId] })
                  : t('autoReply.materialId', { id: s.materialId })}
              </Typography.Text>
            )}
            {!disabled && (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('autoReply.removeSentence')}
                onClick={() => set(value.filter((_, j) => j !== i))}
              />
            )}
          </Flex>
        </Card>
      ))}
      {!disabled && (
        <Flex gap={8}>
          <Button
            icon={<PlusOutlined />}
            disabled={full}
            onClick={() => set([...value, { type: 'text', text: '' }])}
            data-testid="auto-reply-add-text"
          >
            {t('autoReply.addText')}
          </Button>
          <Button icon={<FileImageOutlined />} disabled={full} onClick={() => setPicking(true)}>
            {t('autoReply.addMaterial')}
          </Button>
        </Flex>
      )}
      <MaterialPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(m) => {
          setNames((n) => ({ ...n, [m.id]: m.name }))
          set([...value, { type: 'material', materialId: m.id }])
          setPicking(false)
        }}
      />
    </Flex>
  )
}
