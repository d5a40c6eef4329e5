import { PlusOutlined } from '@ant-design/icons'
import { type DiversionLinkView, formatDateTime } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Input, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd'
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
import { useCopy } from '../../accountManage/customerAcquisitionStatistics/components/useCopy'
import { LinkModal } from './components/LinkModal'
import { QrModal } from './components/QrModal'
import { StatsModal } from './components/StatsModal'

const PAGE_SIZE = 10
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
  const [pageNo, setPageNo] = useState(1)
  const [name, setName] = useState('')
  const [editing, setEditing] = useState<DiversionLinkView | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [statsOf, setStatsOf] = useState<DiversionLinkView | null>(null)
  const [qrOf, setQrOf] = useState<DiversionLinkView | null>(null)
  const links = useQuery({
    queryKey: ['diversion', 'links', pageNo, name],
    queryFn: () => pageLinks({ pageNo, pageSize: PAGE_SIZE, name: name || undefined }),
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

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="space-between" gap={12} wrap>
          <Input.Search
            allowClear
            placeholder={t('diversion.link.search')}
            onSearch={(v) => {
              setName(v.trim())
              setPageNo(1)
            }}
            style={{ maxWidth: 280 }}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null)
              setFormOpen(true)
            }}
            data-testid="diversion-create"
          >
            {t('diversion.link.create')}
          </Button>
        </Flex>
        <Table<DiversionLinkView>
          rowKey="id"
          loading={links.isFetching}
          dataSource={links.data?.list ?? []}
          locale={{ emptyText: t('diversion.link.empty') }}
          scroll={{ x: 1320 }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: links.data?.total ?? 0,
            onChange: setPageNo,
          }}
          data-testid="diversion-table"
          columns={[
            { title: t('diversion.link.name'), dataIndex: 'name', width: 160 },
            {
              title: t('diversion.link.address'),
              key: 'address',
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
              title: t('diversion.link.accounts'),
              key: 'accounts',
              width: 220,
              render: (_, r) => (
                <Space size={[4, 4]} wrap>
                  {r.accounts.map((a) => (
                    <Tag key={a.accountId}>{a.phone ?? t('diversion.link.noPhone', { id: a.accountId })}</Tag>
                  ))}
                </Space>
              ),
            },
            { title: t('diversion.link.visits'), dataIndex: 'visits', width: 90 },
            {
              title: t('diversion.link.newFans'),
              dataIndex: 'newFans',
              width: 90,
              render: (v: number) => <span data-testid="diversion-new-fans">{v}</span>,
            },
            {
              title: t('diversion.link.enabled'),
              key: 'enabled',
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
              title: t('diversion.link.createdAt'),
              dataIndex: 'createdAt',
              width: 170,
              render: (v: number) => localTime(v),
            },
            {
              title: t('diversion.link.actions'),
              key: 'actions',
              fixed: 'right',
              width: 260,
              render: (_, r) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => void copy(linkUrl(r.code))}>
                    {t('diversion.link.copy')}
                  </Button>
                  <Button type="link" size="small" onClick={() => setQrOf(r)}>
                    {t('diversion.link.qr')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setStatsOf(r)}
                    data-testid="diversion-stats"
                  >
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
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      <LinkModal
        open={formOpen}
        editing={editing}
        saving={save.isPending}
        onCancel={() => setFormOpen(false)}
        onSave={(input) => save.mutate(input)}
      />
      <StatsModal link={statsOf} onClose={() => setStatsOf(null)} />
      <QrModal link={qrOf} onClose={() => setQrOf(null)} />
    </Card>
  )
}
