import { PlusOutlined } from '@ant-design/icons'
import { COUNTER_REFRESH_MS, type CounterView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Popconfirm, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type CounterInput,
  counterTally,
  createCounter,
  deleteCounter,
  pageCounters,
  updateCounter,
} from '../../api/diversion'
import { DataTable } from '../../components/page/DataTable'
import { EmptyState } from '../../components/page/EmptyState'
import { PageFrame, PageSection } from '../../components/page/PageFrame'
import { actionsWidth, type PageColumn } from '../../components/page/tableColumns'
import { tablePaging } from '../../utils/tablePaging'
import { CounterModal } from './components/CounterModal'
import { ShareModal } from './components/ShareModal'
import { localTime, TallyView } from './components/TallyView'

/**
 * /counter/index (customerMaster): counters of new fans of chosen accounts over a time window, for
 * settling with ad suppliers; the chosen one's tally refreshes by itself, and each can be shared.
 */
export default function CounterPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 })
  const [selected, setSelected] = useState<number | null>(null)
  const [editing, setEditing] = useState<CounterView | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [sharing, setSharing] = useState<CounterView | null>(null)
  const list = useQuery({
    queryKey: ['counter', 'list', paging],
    queryFn: () => pageCounters(paging),
    placeholderData: keepPreviousData,
  })
  const shownId = selected ?? list.data?.list[0]?.id ?? null
  const tally = useQuery({
    queryKey: ['counter', 'tally', shownId],
    queryFn: () => counterTally(shownId ?? 0),
    enabled: shownId !== null,
    refetchInterval: COUNTER_REFRESH_MS,
  })
  const refresh = () => qc.invalidateQueries({ queryKey: ['counter'] })
  const save = useMutation({
    mutationFn: (input: CounterInput) => (editing ? updateCounter(editing.id, input) : createCounter(input)),
    onSuccess: (v) => {
      message.success(t('diversion.counter.saved'))
      setFormOpen(false)
      setSelected(v.id)
      void refresh()
    },
  })
  const remove = useMutation({
    mutationFn: deleteCounter,
    onSuccess: () => {
      setSelected(null)
      void refresh()
    },
  })

  const openCreate = () => {
    setEditing(null)
    setFormOpen(true)
  }
  // a click anywhere on a row shows its tally (the action cell's buttons do their own)
  const selectCell = (row: CounterView) => ({ onClick: () => setSelected(row.id) })
  const columns: PageColumn<CounterView>[] = [
    { key: 'name', title: t('diversion.counter.name'), dataIndex: 'name', onCell: selectCell },
    {
      key: 'window',
      title: t('diversion.counter.window'),
      width: 320,
      render: (_, r) => `${localTime(r.startAt)} ~ ${localTime(r.endAt)}`,
      onCell: selectCell,
    },
    {
      key: 'n',
      title: t('diversion.counter.accounts'),
      width: 90,
      render: (_, r) => r.accountIds.length,
      onCell: selectCell,
    },
    {
      key: 'share',
      title: t('diversion.counter.share'),
      width: 110,
      render: (_, r) =>
        r.shareCode ? (
          <Tag color="green">{t('diversion.counter.shareLink')}</Tag>
        ) : (
          <Tag>{t('diversion.counter.shareNone')}</Tag>
        ),
      onCell: selectCell,
    },
    {
      key: 'actions',
      title: t('diversion.counter.actions'),
      actions: true,
      width: actionsWidth([
        t('diversion.counter.view'),
        t('diversion.counter.edit'),
        t('diversion.counter.share'),
        t('diversion.counter.delete'),
      ]),
      render: (_, r) => (
        <Flex gap={4} wrap={false}>
          <Button type="link" size="small" onClick={() => setSelected(r.id)}>
            {t('diversion.counter.view')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setEditing(r)
              setFormOpen(true)
            }}
          >
            {t('diversion.counter.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => setSharing(r)} data-testid="counter-share">
            {t('diversion.counter.share')}
          </Button>
          <Popconfirm title={t('diversion.counter.deleteConfirm')} onConfirm={() => remove.mutate(r.id)}>
            <Button type="link" size="small" danger>
              {t('diversion.counter.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ]

  return (
    <PageFrame
      title={t('menu.counter')}
      sections
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="counter-create">
          {t('diversion.counter.create')}
        </Button>
      }
    >
      <PageSection>
        <DataTable<CounterView>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          rowClassName={(r) => (r.id === shownId ? 'ant-table-row-selected' : '')}
          pagination={tablePaging(paging, list.data?.total, setPaging)}
          columns={columns}
          data-testid="counter-table"
          empty={
            list.isFetching ? undefined : (
              <EmptyState
                title={t('diversion.counter.empty')}
                hint={t('diversion.counter.emptyHint')}
                action={{
                  label: t('diversion.counter.create'),
                  onClick: openCreate,
                  testId: 'counter-empty-create',
                }}
              />
            )
          }
        />
      </PageSection>
      {shownId !== null && (
        <PageSection testId="counter-tally">
          <TallyView tally={tally.data} loading={tally.isLoading} />
        </PageSection>
      )}
      <CounterModal
        open={formOpen}
        editing={editing}
        saving={save.isPending}
        onCancel={() => setFormOpen(false)}
        onSave={(input) => save.mutate(input)}
      />
      <ShareModal counter={sharing} onClose={() => setSharing(null)} />
    </PageFrame>
  )
}
