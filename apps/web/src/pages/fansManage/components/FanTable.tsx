import { type FanView, normalizePhone } from '@app/core'
import { Button, Table, type TableProps, Tag, Typography } from 'antd'
import type { HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { HiddenPhone } from '../../../components/HiddenPhone'
import { Highlight } from '../../../components/Highlight'
import { formatDate } from '../../../utils/date'

interface Props {
  rows: FanView[]
  loading: boolean
  /** the search: marked in names, remarks and phones */
  keyword?: string
  selectedIds: number[]
  onSelect: (ids: number[]) => void
  onOpen: (fan: FanView) => void
}

/** The keyword as the phone digits it stands for ('+44 7700' → '447700'), or null. */
const phoneKeyword = (keyword?: string) => {
  const digits = normalizePhone(keyword ?? '')
  return /^\d+$/.test(digits) ? digits : null
}

/** The customers of one page: every field of the list, the search marked, rows selectable. */
export function FanTable({ rows, loading, keyword, selectedIds, onSelect, onOpen }: Props) {
  const { t } = useTranslation()
  const digits = phoneKeyword(keyword)
  const mark = (text: string) => <Highlight text={text} keyword={keyword} />
  const columns: TableProps<FanView>['columns'] = [
    {
      key: 'customer',
      title: t('fans.columns.customer'),
      width: 180,
      fixed: 'left',
      render: (_, f) => (
        <span data-testid={`fan-name-${f.id}`}>
          {f.nickname || f.pushName || f.phone || !f.phoneHidden ? (
            mark(f.nickname || f.pushName || (f.phone ? `+${f.phone}` : '-'))
          ) : (
            <HiddenPhone lid={f.lid} />
          )}
          {f.nickname && f.pushName ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {mark(f.pushName)}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    { key: 'remark', title: t('fans.columns.remark'), width: 160, render: (_, f) => mark(f.remark) },
    {
      key: 'phone',
      title: t('fans.columns.phone'),
      width: 160,
      render: (_, f) =>
        f.phone ? (
          <span>
            +<Highlight text={f.phone} keyword={digits} />
          </span>
        ) : f.phoneHidden ? (
          <HiddenPhone lid={f.lid} />
        ) : (
          '-'
        ),
    },
    { key: 'tail', title: t('fans.columns.tail'), width: 80, render: (_, f) => f.phoneTail || '-' },
    {
      key: 'account',
      title: t('fans.columns.account'),
      width: 150,
      render: (_, f) => (f.accountPhone ? `+${f.accountPhone}` : '-'),
    },
    {
      key: 'source',
      title: t('fans.columns.source'),
      width: 110,
      render: (_, f) => t(`fans.sources.${f.source}`),
    },
    { key: 'group', title: t('fans.columns.group'), width: 120, render: (_, f) => f.accountGroupName ?? '-' },
    {
      key: 'labels',
      title: t('fans.columns.labels'),
      width: 180,
      render: (_, f) =>
        f.labels.map((l) => (
          <Tag key={l.id} color="blue" style={{ marginBottom: 4 }}>
            {l.name}
          </Tag>
        )),
    },
    {
      key: 'flags',
      title: t('fans.columns.flags'),
      width: 150,
      render: (_, f) => (
        <>
          {f.repeat ? <Tag color="orange">{t('fans.flags.repeat')}</Tag> : null}
          {f.inherited ? <Tag color="purple">{t('fans.flags.inherited')}</Tag> : null}
          {f.invalid ? <Tag color="red">{t('fans.flags.invalid')}</Tag> : null}
          {f.massSendEnabled ? null : <Tag>{t('fans.flags.massForbidden')}</Tag>}
        </>
      ),
    },
    { key: 'country', title: t('fans.columns.country'), width: 100, render: (_, f) => f.country || '-' },
    {
      key: 'createdAt',
      title: t('fans.columns.createdAt'),
      width: 170,
      render: (_, f) => formatDate(f.createdAt),
    },
    {
      key: 'lastMessageAt',
      title: t('fans.columns.lastMessageAt'),
      width: 170,
      render: (_, f) => formatDate(f.lastMessageAt) || '-',
    },
    {
      key: 'actions',
      title: t('fans.columns.actions'),
      width: 90,
      fixed: 'right',
      render: (_, f) => (
        <Button type="link" size="small" onClick={() => onOpen(f)} data-testid={`fan-open-${f.id}`}>
          {t('fans.detail.open')}
        </Button>
      ),
    },
  ]
  return (
    <Table<FanView>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      columns={columns}
      pagination={false}
      scroll={{ x: 1900 }}
      locale={{ emptyText: t('fans.empty') }}
      rowSelection={{
        selectedRowKeys: selectedIds,
        onChange: (keys) => onSelect(keys.map(Number)),
        preserveSelectedRowKeys: true,
      }}
      onRow={(f) => ({ 'data-testid': `fan-row-${f.id}` }) as HTMLAttributes<HTMLElement>}
      data-testid="fan-table"
    />
  )
}
