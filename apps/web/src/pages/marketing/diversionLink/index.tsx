import { PlusOutlined } from '@ant-design/icons'
import { type DiversionLinkView, formatDateTime } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Form, Input, Popconfirm, Space, Switch, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  createLink,
  deleteLink,
  type LinkInput,
  linkUrl,
  pageLinks,
  setLinkEnabled,
  updateLink,
} from '../../../api/diversion'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState, NoMatches } from '../../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../../components/page/FilterBar'
import { PageFrame } from '../../../components/page/PageFrame'
import { actionsWidth, type PageColumn } from '../../../components/page/tableColumns'
import { tablePaging } from '../../../utils/tablePaging'
import { useCopy } from '../../accountManage/customerAcquisitionStatistics/components/useCopy'
import { LinkModal } from './components/LinkModal'
import { QrModal } from './components/QrModal'
import { StatsModal } from './components/StatsModal'

interface LinkFilters {
  name?: string
}

const localTime = (t: number) => formatDateTime(t, -new Date(t).getTimezoneOffset())

/**
 * /marketing/diversionLink (customerMaster): links that send each visitor of /s?c=<code> to the
 * next online account in turn; visits and the new fans attributed to each link.
 */
export default function DiversionLinkPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const copy = useCopy()
  const [query, setQuery] = useState<{ pageNo: number; pageSize: number; name?: string }>({
    pageNo: 1,
    pageSize: 10,
  })
  const [filterForm] = Form.useForm<LinkFilters>()
  const [editing, setEditing] = useState<DiversionLinkView | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [statsOf, setStatsOf] = useState<DiversionLinkView | null>(null)
  const [qrOf, setQrOf] = useState<DiversionLinkView | null>(null)
  const links = useQuery({
    queryKey: ['diversion', 'links', query],
    queryFn: () =>
      pageLinks({ pageNo: query.pageNo, pageSize: query.pageSize, name: query.name || undefined }),
    placeholderData: keepPreviousData,
  })
  const refresh = () => qc.invalidateQueries({ queryKey: ['diversion', 'links'] })
  const save = useMutation({
    mutationFn: (input: LinkInput) => (editing ? updateLink(editing.id, input) : createLink(input)),
    onSuccess: () => {
      message.success(t('diversion.link.saved'))
      setFormOpen(false)
      void refresh()
    },
  })
  const toggle = useMutation({
    mutationFn: (v: { id: number; enabled: boolean }) => setLinkEnabled(v.id, v.enabled),
    onSettled: () => void refresh(),
  })
  const remove = useMutation({
    mutationFn: deleteLink,
    onSuccess: () => {
      message.success(t('diversion.link.deleted'))
      void refresh()
    },
  })

  const openCreate = () => {
    setEditing(null)
    setFormOpen(true)
  }
  const search = (v: LinkFilters) =>
    setQuery((q) => ({ pageNo: 1, pageSize: q.pageSize, name: v.name?.trim() || undefined }))
  const clearFilters = () => {
    filterForm.resetFields()
    search({})
  }
  const rowActions = [
    t('diversion.link.copy'),
    t('diversion.link.qr'),
    t('diversion.link.stats'),
    t('diversion.link.edit'),
    t('diversion.link.delete'),
  ]
  const columns: PageColumn<DiversionLinkView>[] = [
    { key: 'name', title: t('diversion.link.name'), dataIndex: 'name', width: 160, alwaysShown: true },
    {
      key: 'address',
      title: t('diversion.link.address'),
      width: 240,
      render: (_, r) => (
        <Typography.Link
          onClick={() => void copy(linkUrl(r.code))}
          style={{ wordBreak: 'break-all' }}
          data-testid="diversion-address"
        >
          {linkUrl(r.code)}
        </Typography.Link>
      ),
    },
    {
      key: 'accounts',
      title: t('diversion.link.accounts'),
      width: 220,
      render: (_, r) => (
        <Space size={[4, 4]} wrap>
          {r.accounts.map((a) => (
            <Tag key={a.accountId}>{a.phone ?? t('diversion.link.noPhone', { id: a.accountId })}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'visits', title: t('diversion.link.visits'), dataIndex: 'visits', width: 90 },
    {
      key: 'newFans',
      title: t('diversion.link.newFans'),
      dataIndex: 'newFans',
      width: 90,
      render: (v: number) => <span data-testid="diversion-new-fans">{v}</span>,
    },
    {
      key: 'enabled',
      title: t('diversion.link.enabled'),
      width: 80,
      render: (_, r) => (
        <Switch
          checked={r.enabled}
          loading={toggle.isPending && toggle.variables?.id === r.id}
          onChange={(enabled) => toggle.mutate({ id: r.id, enabled })}
          data-testid="diversion-enabled"
        />
      ),
    },
    {
      key: 'createdAt',
      title: t('diversion.link.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => localTime(v),
    },
    {
      key: 'actions',
      title: t('diversion.link.actions'),
      actions: true,
      width: actionsWidth(rowActions),
      render: (_, r) => (
        <Flex gap={4} wrap={false}>
          <Button type="link" size="small" onClick={() => void copy(linkUrl(r.code))}>
            {t('diversion.link.copy')}
          </Button>
          <Button type="link" size="small" onClick={() => setQrOf(r)}>
            {t('diversion.link.qr')}
          </Button>
          <Button type="link" size="small" onClick={() => setStatsOf(r)} data-testid="diversion-stats">
            {t('diversion.link.stats')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setEditing(r)
              setFormOpen(true)
            }}
          >
            {t('diversion.link.edit')}
          </Button>
          <Popconfirm title={t('diversion.link.deleteConfirm')} onConfirm={() => remove.mutate(r.id)}>
            <Button type="link" size="small" danger>
              {t('diversion.link.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ]

  return (
    <PageFrame
      title={t('menu.diversionLink')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="diversion-create">
          {t('diversion.link.create')}
        </Button>
      }
    >
      <FilterBar<LinkFilters>
        form={filterForm}
        name="diversion-filters"
        onSearch={search}
        buttonTestIdPrefix="diversion-filter"
      >
        <FilterItem name="name" label={t('diversion.link.name')}>
          <Input
            allowClear
            placeholder={t('diversion.link.search')}
            style={{ width: 220 }}
            data-testid="diversion-search"
          />
        </FilterItem>
      </FilterBar>
      <DataTable<DiversionLinkView>
        rowKey="id"
        loading={links.isFetching}
        dataSource={links.data?.list ?? []}
        columns={columns}
        pagination={tablePaging(query, links.data?.total, setQuery)}
        data-testid="diversion-table"
        empty={
          links.isFetching ? undefined : query.name ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('diversion.link.empty')}
              hint={t('diversion.link.emptyHint')}
              action={{
                label: t('diversion.link.create'),
                onClick: openCreate,
                testId: 'diversion-empty-create',
              }}
            />
          )
        }
      />
      <LinkModal
        open={formOpen}
        editing={editing}
        saving={save.isPending}
        onCancel={() => setFormOpen(false)}
        onSave={(input) => save.mutate(input)}
      />
      <StatsModal link={statsOf} onClose={() => setStatsOf(null)} />
      <QrModal link={qrOf} onClose={() => setQrOf(null)} />
    </PageFrame>
  )
}
