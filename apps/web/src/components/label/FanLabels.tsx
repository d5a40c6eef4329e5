import { PlusOutlined } from '@ant-design/icons'
import { checkLabelName } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Spin, Tag, Typography } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addLabelsToFans, createLabel, removeLabelsFromFans } from '../../api/label'
import { validationText } from '../../i18n'
import { refreshLabels, useAllLabels, useFanLabels } from './useLabels'

// the picker loads when a label is first added
const Select = lazy(() => import('antd/es/select'))

interface Props {
  fanId: number
}

/** Value of the option that creates the typed label. */
const CREATE = -1

/**
 * A customer's labels as tags: remove one with its ×, add one by picking an existing label or by
 * typing a new name (checked like the label form: no spaces, 2–20) and creating it on the spot.
 */
export function FanLabels({ fanId }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const onFan = useFanLabels(fanId)
  const [adding, setAdding] = useState(false)
  const [search, setSearch] = useState('')
  const [busy, setBusy] = useState(false)
  const all = useAllLabels(adding)

  const current = onFan.data ?? []
  const typed = search.trim()
  const exists = (all.data ?? []).some((l) => l.name.toLowerCase() === typed.toLowerCase())
  const typedProblem = typed ? checkLabelName(typed) : null
  const options = [
    ...(all.data ?? [])
      .filter((l) => !current.some((c) => c.id === l.id))
      .filter((l) => !typed || l.name.toLowerCase().includes(typed.toLowerCase()))
      .map((l) => ({ value: l.id, label: l.name })),
    ...(typed && !exists
      ? [
          {
            value: CREATE,
            disabled: typedProblem !== null,
            label: typedProblem ? validationText(typedProblem) : t('label.createOption', { name: typed }),
          },
        ]
      : []),
  ]

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      message.success(done)
    } catch {
      // the request client told the user
    } finally {
      setBusy(false)
      await refreshLabels(qc)
    }
  }
  const add = (value: number) => {
    setAdding(false)
    setSearch('')
    return run(async () => {
      const id = value === CREATE ? (await createLabel(typed)).id : value
      await addLabelsToFans([fanId], [id])
    }, t('label.added'))
  }
  const remove = (id: number) => run(() => removeLabelsFromFans([fanId], [id]), t('label.removed'))

  return (
    <Spin spinning={busy || onFan.isLoading} size="small">
      <Flex wrap gap={6} align="center" data-testid="fan-labels">
        {current.length === 0 && !adding && (
          <Typography.Text type="secondary">{t('label.noLabels')}</Typography.Text>
        )}
        {current.map((l) => (
          <Tag
            key={l.id}
            color="blue"
            closable
            style={{ marginInlineEnd: 0 }}
            closeIcon={<span aria-label={t('label.removeLabel', { name: l.name })}>×</span>}
            onClose={(e) => {
              e.preventDefault()
              void remove(l.id)
            }}
            data-testid={`fan-label-${l.name}`}
          >
            {l.name}
          </Tag>
        ))}
        {adding ? (
          <Suspense fallback={<Spin size="small" />}>
            <Select
              autoFocus
              defaultOpen
              size="small"
              value={null}
              loading={all.isLoading}
              placeholder={t('label.addPlaceholder')}
              showSearch={{ searchValue: search, onSearch: setSearch, filterOption: false }}
              options={options}
              notFoundContent={t('label.noMoreLabels')}
              onChange={(v) => void add(v as number)}
              onBlur={() => {
                setAdding(false)
                setSearch('')
              }}
              popupMatchSelectWidth={220}
              style={{ width: 180 }}
              data-testid="fan-label-select"
            />
          </Suspense>
        ) : (
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="fan-label-add"
          >
            {t('label.add')}
          </Button>
        )}
      </Flex>
    </Spin>
  )
}
