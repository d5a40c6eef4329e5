import type { MaterialUsageValue, MaterialView } from '@app/core'
import { Button, Flex, Switch, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../utils/format'
import { ConfirmCountdownButton } from '../../ConfirmCountdownButton'
import { Highlight } from '../../Highlight'
import { DataTable } from '../../page/DataTable'
import { actionsWidth, type PageColumn } from '../../page/tableColumns'
import { MaterialThumb, materialSummary } from '../MaterialPreview'
import { MaterialTypeTag } from '../materialTypes'

interface Props {
  usage: MaterialUsageValue
  rows: MaterialView[]
  total: number
  loading: boolean
  pageNo: number
  pageSize: number
  keyword?: string
  onPage: (pageNo: number, pageSize: number) => void
  /** null: rows cannot be selected (a library the caller only reads) */
  selectedIds: number[] | null
  onSelect: (ids: number[]) => void
  onPreview: (row: MaterialView) => void
  onEdit: (row: MaterialView) => void
  onDelete: (row: MaterialView) => Promise<unknown>
  onToggle: (row: MaterialView, enabled: boolean) => Promise<unknown>
  /** what the table says without rows */
  empty?: ReactNode
}

/** The materials of a library with a preview, type, content, group and enabled switch. */
export function MaterialTable(props: Props) {
  const { usage, rows, total, loading, pageNo, pageSize, keyword, onPage, selectedIds, onSelect } = props
  const { t } = useTranslation()
  const columns: PageColumn<MaterialView>[] = [
    ...(usage !== 'nickname'
      ? [
          {
            title: t('material.preview'),
            key: 'thumb',
            alwaysShown: true,
            width: 96,
            render: (_: unknown, row: MaterialView) => (
              <button
                type="button"
                onClick={() => props.onPreview(row)}
                style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
                aria-label={t('material.preview')}
              >
                <MaterialThumb material={row} />
              </button>
            ),
          },
        ]
      : []),
    {
      key: 'name',
      title: t('material.name'),
      dataIndex: 'name',
      width: 140,
      ellipsis: true,
      tooltip: (row) => row.name,
      render: (name: string) => <Highlight text={name} keyword={keyword} />,
    },
    ...(usage === 'message'
      ? [
          {
            key: 'type',
            title: t('material.type'),
            dataIndex: 'type',
            width: 90,
            render: (_: unknown, row: MaterialView) => <MaterialTypeTag type={row.type} />,
          },
        ]
      : []),
    ...(usage !== 'avatar'
      ? [
          {
            title: usage === 'nickname' ? t('material.nickname') : t('material.content'),
            key: 'content',
            width: 180,
            render: (_: unknown, row: MaterialView) => {
              const summary = materialSummary(row.content, t)
              return summary ? (
                <Typography.Paragraph
                  ellipsis={{ rows: 2, tooltip: summary }}
                  style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                >
                  {summary}
                </Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              )
            },
          },
        ]
      : []),
    {
      key: 'group',
      title: t('material.group'),
      dataIndex: 'groupName',
      width: 100,
      ellipsis: true,
      render: (name: string | null) =>
        name ?? <Typography.Text type="secondary">{t('material.noGroup')}</Typography.Text>,
    },
    {
      key: 'enabled',
      title: t('material.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean, row) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!row.can.edit}
          onChange={(next) => void props.onToggle(row, next).catch(() => undefined)}
          aria-label={t('material.enabled')}
          data-testid={`material-enabled-${row.id}`}
        />
      ),
    },
    {
      key: 'updatedAt',
      title: t('material.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      actions: true,
      width: actionsWidth([t('material.preview'), t('common.edit'), t('common.delete')]),
      render: (_, row) => (
        <Flex gap={0} wrap={false}>
          <Button
            type="link"
            size="small"
            onClick={() => props.onPreview(row)}
            data-testid={`material-preview-${row.id}`}
          >
            {t('material.preview')}
          </Button>
          {row.can.edit && (
            <Button
              type="link"
              size="small"
              onClick={() => props.onEdit(row)}
              data-testid={`material-edit-${row.id}`}
            >
              {t('common.edit')}
            </Button>
          )}
          {row.can.delete && (
            <ConfirmCountdownButton
              type="link"
              size="small"
              danger
              title={t('common.deleteConfirmTitle')}
              content={t('material.deleteText', { name: row.name })}
              okText={t('common.delete')}
              onConfirm={() => props.onDelete(row)}
              testId={`material-delete-${row.id}`}
            >
              {t('common.delete')}
            </ConfirmCountdownButton>
          )}
        </Flex>
      ),
    },
  ]
  return (
    <DataTable<MaterialView>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      empty={loading ? undefined : props.empty}
      rowSelection={
        selectedIds
          ? {
              selectedRowKeys: selectedIds,
              onChange: (keys) => onSelect(keys.map(Number)),
              getCheckboxProps: (row) => ({ disabled: !row.can.edit }),
            }
          : undefined
      }
      rowTestId={(row) => `material-row-${row.id}`}
      pagination={{ current: pageNo, pageSize, total, onChange: onPage }}
      data-testid="material-table"
    />
  )
}
