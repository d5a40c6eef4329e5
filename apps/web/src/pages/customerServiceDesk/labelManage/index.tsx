import { PlusOutlined } from '@ant-design/icons'
import { LABEL_NAME_MAX, type LabelView } from '@app/core'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createLabel, deleteLabel, pageLabels, renameLabel } from '../../../api/label'
import { LabelFormModal } from '../../../components/label/LabelFormModal'
import { LABELS_KEY, refreshLabels } from '../../../components/label/useLabels'
import { NamedItemTable } from '../../../components/NamedItemTable'

interface Query {
  pageNo: number
  pageSize: number
  name: string
}

/**
 * /customerServiceDesk/labelManage (supervisor and agents): the tenant's labels with their
 * customer counts and creation times; create, rename (no spaces, 2–20, unique) and delete.
 */
export default function LabelManagePage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [query, setQuery] = useState<Query>({ pageNo: 1, pageSize: 10, name: '' })
  const [editing, setEditing] = useState<LabelView | null>(null)
  const [formOpen, setFormOpen] = useState(false)

  const page = useQuery({
    queryKey: [...LABELS_KEY, 'page', query],
    queryFn: () => pageLabels({ ...query, name: query.name || undefined }),
    placeholderData: keepPreviousData,
  })
  const rows = page.data?.list ?? []

  const open = (row: LabelView | null) => {
    setEditing(row)
    setFormOpen(true)
  }
  const save = async (name: string) => {
    if (editing) await renameLabel(editing.id, name)
    else {
      await createLabel(name)
      // the newest label is first
      setQuery((q) => ({ ...q, pageNo: 1 }))
    }
    message.success(t('common.saved'))
    await refreshLabels(qc)
  }
  const remove = async (row: LabelView) => {
    await deleteLabel(row.id)
    message.success(t('common.deleted'))
    if (rows.length === 1 && query.pageNo > 1) setQuery((q) => ({ ...q, pageNo: q.pageNo - 1 }))
    await refreshLabels(qc)
  }

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="space-between" gap={12} wrap>
          <Input.Search
            allowClear
            maxLength={LABEL_NAME_MAX}
            placeholder={t('label.searchPlaceholder')}
            onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, name: v.trim() }))}
            style={{ maxWidth: 280 }}
            data-testid="label-search"
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => open(null)}
            data-testid="label-create"
          >
            {t('label.create')}
          </Button>
        </Flex>
        <NamedItemTable<LabelView>
          testIdPrefix="label"
          rows={rows}
          loading={page.isFetching}
          pagination={{
            current: query.pageNo,
            pageSize: query.pageSize,
            total: page.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
          }}
          keyword={query.name}
          titles={{ name: t('label.name'), count: t('label.fanCount'), createdAt: t('label.createdAt') }}
          count={{ of: (row) => row.fanCount, width: 140, align: 'right' }}
          createdAtWidth={200}
          editText={t('label.renameAction')}
          deleteText={(row) =>
            row.fanCount > 0
              ? t('label.deleteTextWithFans', { name: row.name, count: row.fanCount })
              : t('label.deleteText', { name: row.name })
          }
          onEdit={open}
          onDelete={remove}
        />
      </Flex>
      <LabelFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} onSubmit={save} />
    </Card>
  )
}
