import { CheckOutlined, DeleteOutlined, FolderOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons'
import {
  MaterialOwnerType,
  type MaterialOwnerTypeValue,
  type MaterialUsageValue,
  type MaterialView,
} from '@app/core'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Form, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  deleteMaterials,
  materialTypeCounts,
  pageMaterials,
  setMaterialsEnabled,
} from '../../../api/material'
import { ConfirmCountdownButton } from '../../ConfirmCountdownButton'
import { EmptyState, NoMatches } from '../../page/EmptyState'
import { MaterialFormModal } from '../MaterialFormModal'
import { MaterialGroupsModal } from '../MaterialGroupsModal'
import { MaterialPreviewModal } from '../MaterialPreviewModal'
import { MATERIALS_KEY, refreshMaterials } from '../useMaterials'
import { type MaterialBarValues, MaterialFilterBar } from './MaterialFilterBar'
import type { MaterialFilterValues } from './MaterialFilters'
import { MaterialTable } from './MaterialTable'

interface Props {
  ownerType: MaterialOwnerTypeValue
  usage: MaterialUsageValue
  /** the caller may not change this library (an agent looking at the public one) */
  readOnly?: boolean
}

const NONE: MaterialView[] = []

/**
 * One material library (public or personal) of one usage: search and filters, a table with
 * previews, and, where the caller may change it, create, edit, enable/disable, delete (one by one
 * or in batch) and the library's groups.
 */
export function MaterialLibrary({ ownerType, usage, readOnly = false }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [filters, setFilters] = useState<MaterialFilterValues>({})
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 })
  const [selectedIds, setSelectedIds] = useState<number[]>([])
  const [editing, setEditing] = useState<MaterialView | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [groupsOpen, setGroupsOpen] = useState(false)
  const [previewing, setPreviewing] = useState<MaterialView | null>(null)
  const [filterForm] = Form.useForm<MaterialBarValues>()

  const body = { ownerType, usage, ...paging, ...filters }
  const page = useQuery({
    queryKey: [...MATERIALS_KEY, 'page', body],
    queryFn: () => pageMaterials(body),
    placeholderData: keepPreviousData,
  })
  const counts = useQuery({
    queryKey: [...MATERIALS_KEY, 'typeCounts', ownerType, usage],
    queryFn: () => materialTypeCounts(ownerType, usage),
    enabled: usage === 'message',
  })
  const rows = page.data?.list ?? NONE
  const selected = rows.filter((r) => selectedIds.includes(r.id))

  const changeFilters = (next: MaterialFilterValues) => {
    setFilters(next)
    setPaging((p) => ({ ...p, pageNo: 1 }))
    setSelectedIds([])
  }
  const refresh = () => refreshMaterials(qc)
  const removed = async (ids: number[]) => {
    await deleteMaterials(ids)
    message.success(t('common.deleted'))
    setSelectedIds([])
    if (ids.length >= rows.length && paging.pageNo > 1) setPaging((p) => ({ ...p, pageNo: p.pageNo - 1 }))
    await refresh()
  }
  const toggle = async (ids: number[], enabled: boolean) => {
    await setMaterialsEnabled(ids, enabled)
    message.success(enabled ? t('material.enabledDone') : t('material.disabledDone'))
    await refresh()
  }
  const openForm = (row: MaterialView | null) => {
    setEditing(row)
    setFormOpen(true)
  }
  // an agent is shown only the enabled materials of the public library
  const agentOnPublic = readOnly && ownerType === MaterialOwnerType.public

  return (
    <Flex vertical gap={16}>
      <MaterialFilterBar
        form={filterForm}
        ownerType={ownerType}
        usage={usage}
        onSearch={changeFilters}
        typeCounts={counts.data}
        showEnabled={!agentOnPublic}
      />
      {!readOnly && (
        <Flex justify="flex-end" gap={8}>
          <Button icon={<FolderOutlined />} onClick={() => setGroupsOpen(true)} data-testid="material-groups">
            {t('material.groups')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openForm(null)}
            data-testid="material-create"
          >
            {t('material.create')}
          </Button>
        </Flex>
      )}
      {!readOnly && selected.length > 0 && (
        <Flex gap={8} align="center" wrap data-testid="material-batch">
          <Typography.Text>{t('material.selected', { count: selected.length })}</Typography.Text>
          <Button
            size="small"
            icon={<CheckOutlined />}
            onClick={() => void toggle(selectedIds, true).catch(() => undefined)}
          >
            {t('material.enable')}
          </Button>
          <Button
            size="small"
            icon={<StopOutlined />}
            onClick={() => void toggle(selectedIds, false).catch(() => undefined)}
          >
            {t('material.disable')}
          </Button>
          <ConfirmCountdownButton
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('common.deleteConfirmTitle')}
            content={t('material.batchDeleteText', { count: selected.length })}
            okText={t('common.delete')}
            onConfirm={() => removed(selectedIds)}
            testId="material-batch-delete"
          >
            {t('common.delete')}
          </ConfirmCountdownButton>
        </Flex>
      )}
      <MaterialTable
        usage={usage}
        rows={rows}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        pageNo={paging.pageNo}
        pageSize={paging.pageSize}
        keyword={filters.name}
        onPage={(pageNo, pageSize) => {
          setPaging({ pageNo, pageSize })
          setSelectedIds([])
        }}
        selectedIds={readOnly ? null : selectedIds}
        onSelect={setSelectedIds}
        onPreview={setPreviewing}
        onEdit={openForm}
        onDelete={(row) => removed([row.id])}
        onToggle={(row, enabled) => toggle([row.id], enabled)}
        empty={
          Object.values(filters).some((v) => v !== undefined) ? (
            <NoMatches
              onClear={() => {
                filterForm.resetFields()
                changeFilters({})
              }}
            />
          ) : (
            <EmptyState
              title={t('material.emptyTitle')}
              hint={t(readOnly ? 'material.emptyReadOnlyHint' : 'material.emptyHint')}
              action={
                readOnly
                  ? undefined
                  : {
                      label: t('material.create'),
                      onClick: () => openForm(null),
                      testId: 'material-empty-create',
                    }
              }
            />
          )
        }
      />
      <MaterialPreviewModal material={previewing} onClose={() => setPreviewing(null)} />
      {!readOnly && (
        <>
          <MaterialFormModal
            open={formOpen}
            ownerType={ownerType}
            usage={usage}
            editing={editing}
            onClose={() => setFormOpen(false)}
            onSaved={refresh}
          />
          <MaterialGroupsModal open={groupsOpen} ownerType={ownerType} onClose={() => setGroupsOpen(false)} />
        </>
      )}
    </Flex>
  )
}
