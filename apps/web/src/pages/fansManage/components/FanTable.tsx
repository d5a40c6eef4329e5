import type { FanView } from '@app/core'
import { Button, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { HiddenPhone } from '../../../components/HiddenPhone'
import { Highlight } from '../../../components/Highlight'
import { DataTable } from '../../../components/page/DataTable'
import { PhoneText } from '../../../components/page/PhoneText'
import { actionsWidth, type PageColumn } from '../../../components/page/tableColumns'
import { formatCountry, formatDate, formatPhone } from '../../../utils/format'

interface Props {
  rows: FanView[]
  loading: boolean
  /** the search: marked in names, remarks and phones */
  keyword?: string
  selectedIds: number[]
  onSelect: (ids: number[]) => void
  onOpen: (fan: FanView) => void
  /** what the table says without rows */
  empty: ReactNode
  /** the batch actions above the table */
  toolbar: ReactNode
}

/** A keyword that is (part of) a phone ('+44 7700'), to mark in the numbers; nothing for names. */
const phoneKeyword = (keyword?: string) => (keyword && /^[\d\s()+-]+$/.test(keyword) ? keyword : null)

/** The customers of one page: every field of the list, the search marked, rows selectable. */
export function FanTable({ rows, loading, keyword, selectedIds, onSelect, onOpen, empty, toolbar }: Props) {
  const { t } = useTranslation()
  const digits = phoneKeyword(keyword)
  const mark = (text: string) => <Highlight text={text} keyword={keyword} />
  const columns: PageColumn<FanView>[] = [
    {
      key: 'customer',
      title: t('fans.columns.customer'),
      width: 180,
      fixed: 'left',
      alwaysShown: true,
      render: (_, f) => (
        <span data-testid={`fan-name-${f.id}`}>
          {f.nickname || f.pushName || f.phone || !f.phoneHidden ? (
            mark(f.nickname || f.pushName || formatPhone(f.phone) || '-')
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
    {
      key: 'remark',
      title: t('fans.columns.remark'),
      width: 140,
      ellipsis: true,
      tooltip: (f) => f.remark,
      render: (_, f) => mark(f.remark),
    },
    {
      key: 'phone',
      title: t('fans.columns.phone'),
      width: 150,
      render: (_, f) =>
        f.phone ? (
          <PhoneText phone={f.phone} keyword={digits} />
        ) : f.phoneHidden ? (
          <HiddenPhone lid={f.lid} />
        ) : (
          '-'
        ),
    },
    {
      key: 'tail',
      title: t('fans.columns.tail'),
      width: 80,
      hiddenByDefault: true,
      render: (_, f) => f.phoneTail || '-',
    },
    {
      key: 'account',
      title: t('fans.columns.account'),
      width: 150,
      render: (_, f) => formatPhone(f.accountPhone) || '-',
    },
    {
      key: 'source',
      title: t('fans.columns.source'),
      width: 110,
      render: (_, f) => t(`fans.sources.${f.source}`),
    },
    {
      key: 'group',
      title: t('fans.columns.group'),
      width: 120,
      ellipsis: true,
      hiddenByDefault: true,
      render: (_, f) => f.accountGroupName ?? '-',
    },
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
    {
      key: 'country',
      title: t('fans.columns.country'),
      width: 110,
      ellipsis: true,
      render: (_, f) => formatCountry(f.country) || '-',
    },
    {
      key: 'createdAt',
      title: t('fans.columns.createdAt'),
      width: 170,
      hiddenByDefault: true,
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
      actions: true,
      width: actionsWidth([t('fans.detail.open')]),
      render: (_, f) => (
        <Button type="link" size="small" onClick={() => onOpen(f)} data-testid={`fan-open-${f.id}`}>
          {t('fans.detail.open')}
        </Button>
      ),
    },
  ]
  return (
    <DataTable<FanView>
      rowKey="id"
      size="middle"
      chooserKey="fans"
      toolbar={toolbar}
      loading={loading}
      dataSource={rows}
      columns={columns}
      pagination={false}
      empty={loading ? undefined : empty}
      rowSelection={{
        selectedRowKeys: selectedIds,
        onChange: (keys) => onSelect(keys.map(Number)),
        preserveSelectedRowKeys: true,
      }}
      rowTestId={(f) => `fan-row-${f.id}`}
      data-testid="fan-table"
    />
  )
}
