import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons'
import { MASS_SEND_SENTENCES_MAX } from '@app/core'
import { Button, Empty, Flex, Tag, Tooltip, Typography } from 'antd'
import { type CSSProperties, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { materialSummary } from '../../../components/material/MaterialPreview'
import { MaterialTypeTag } from '../../../components/material/materialTypes'
import type { SentenceDraft } from './MassSendForm'
import { MassSendSentenceModal } from './MassSendSentenceModal'

interface Props {
  value?: SentenceDraft[]
  onChange?: (value: SentenceDraft[]) => void
}

const BORDER = '1px solid #f0f0f0'
const BOX: CSSProperties = { border: BORDER, borderRadius: 8 }
const ROW: CSSProperties = { padding: '6px 8px 6px 12px' }

let nextKey = 0
const newKey = () => `s${++nextKey}`

/** Move the item at `from` one place up (-1) or down (+1); the same list when it cannot move. */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by
  if (to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

/**
 * The sentences of a task, sent in this order to each recipient: add (at most ten), change,
 * remove, and move up or down.
 */
export function MassSendSentenceList({ value = [], onChange }: Props) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<SentenceDraft | null>(null)
  const [open, setOpen] = useState(false)
  const full = value.length >= MASS_SEND_SENTENCES_MAX

  const edit = (draft: SentenceDraft | null) => {
    setEditing(draft)
    setOpen(true)
  }
  const tool = (
    name: 'up' | 'down' | 'edit' | 'remove',
    icon: ReactNode,
    disabled: boolean,
    onClick: () => void,
    i: number,
  ) => {
    const label = t(`massSend.sentence.${name}`)
    return (
      <Tooltip title={label}>
        <Button
          size="small"
          type="text"
          danger={name === 'remove'}
          icon={icon}
          disabled={disabled}
          aria-label={label}
          onClick={onClick}
          data-testid={`mass-send-sentence-${name}-${i}`}
        />
      </Tooltip>
    )
  }
  const save = (draft: Omit<SentenceDraft, 'key'>) => {
    if (editing) onChange?.(value.map((d) => (d.key === editing.key ? { ...draft, key: d.key } : d)))
    else onChange?.([...value, { ...draft, key: newKey() }])
  }

  return (
    <Flex vertical gap={8} data-testid="mass-send-sentences">
      {value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('massSend.sentence.empty')} />
      ) : (
        <div style={BOX} data-testid="mass-send-sentence-rows">
          {value.map((d, i) => (
            <Flex
              key={d.key}
              justify="space-between"
              align="center"
              gap={8}
              style={i ? { ...ROW, borderTop: BORDER } : ROW}
              data-testid={`mass-send-sentence-${i}`}
            >
              <SentenceLine index={i} draft={d} />
              <Flex gap={0}>
                {tool('up', <ArrowUpOutlined />, i === 0, () => onChange?.(moved(value, i, -1)), i)}
                {tool(
                  'down',
                  <ArrowDownOutlined />,
                  i === value.length - 1,
                  () => onChange?.(moved(value, i, 1)),
                  i,
                )}
                {tool('edit', <EditOutlined />, false, () => edit(d), i)}
                {tool(
                  'remove',
                  <DeleteOutlined />,
                  false,
                  () => onChange?.(value.filter((x) => x.key !== d.key)),
                  i,
                )}
              </Flex>
            </Flex>
          ))}
        </div>
      )}
      <Tooltip title={full ? t('massSend.sentence.full', { max: MASS_SEND_SENTENCES_MAX }) : undefined}>
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => edit(null)}
          data-testid="mass-send-sentence-add"
        >
          {t('massSend.sentence.add')}
        </Button>
      </Tooltip>
      <MassSendSentenceModal open={open} editing={editing} onClose={() => setOpen(false)} onSave={save} />
    </Flex>
  )
}

function SentenceLine({ index, draft }: { index: number; draft: SentenceDraft }) {
  const { t } = useTranslation()
  const { sentence, material } = draft
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <Tag>{index + 1}</Tag>
      {sentence.type === 'material' ? (
        <>
          <Tag color="gold">{t('massSend.sentence.material')}</Tag>
          <Typography.Text
            ellipsis
            style={{ maxWidth: 320 }}
            data-testid={`mass-send-sentence-summary-${index}`}
          >
            {material
              ? `${material.name} · ${materialSummary(material.content, t)}`
              : `#${sentence.materialId}`}
          </Typography.Text>
        </>
      ) : (
        <>
          <MaterialTypeTag type={sentence.type} />
          <Typography.Text
            ellipsis
            style={{ maxWidth: 320 }}
            data-testid={`mass-send-sentence-summary-${index}`}
          >
            {materialSummary(sentence, t) || draft.values?.file?.fileName || ''}
          </Typography.Text>
        </>
      )}
    </Flex>
  )
}
