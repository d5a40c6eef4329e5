import { PlusOutlined } from '@ant-design/icons'
import { COUNTER_REFRESH_MS, type CounterView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Popconfirm, Space, Table, Tag } from 'antd'
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
import { CounterModal } from './components/CounterModal'
import { ShareModal } from './components/ShareModal'
import { localTime, TallyView } from './components/TallyView'

const PAGE_SIZE = 10

/**
 * /counter/index (customerMaster): counters of new fans of chosen accounts over a time window, for
 * settling with ad suppliers; the chosen one's tally refreshes by itself, and each can be shared.
 */
export default function CounterPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [pageNo, setPageNo] = useState(1)
  const [selected, setSelected] = useState<number | null>(null)
  const [editing, setEditing] = useState<CounterView | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [sharing, setSharing] = useState<CounterView | null>(null)
  const list = useQuery({
    queryKey: ['counter', 'list', pageNo],
    queryFn: () => pageCounters({ pageNo, pageSize: PAGE_SIZE }),
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

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={16}>
          <Flex justify="flex-end">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null)
                setFormOpen(true)
              }}
              data-testid="counter-create"
            >
              {t('diversion.counter.create')}
            </Button>
          </Flex>
          <Table<CounterView>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: t('diversion.counter.empty') }}
            rowClassName={(r) => (r.id === shownId ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({ onClick: () => setSelected(r.id) })}
            pagination={{
              current: pageNo,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              onChange: setPageNo,
            }}
            scroll={{ x: 800 }}
            columns={[
              { title: t('diversion.counter.name'), dataIndex: 'name' },
              {
                title: t('diversion.counter.window'),
                key: 'window',
                render: (_, r) => `${localTime(r.startAt)} ~ ${localTime(r.endAt)}`,
              },
              { title: t('diversion.counter.accounts'), key: 'n', render: (_, r) => r.accountIds.length },
              {
                title: t('diversion.counter.share'),
                key: 'share',
                render: (_, r) =>
                  r.shareCode ? (
                    <Tag color="green">{t('diversion.counter.shareLink')}</Tag>
                  ) : (
                    <Tag>{t('diversion.counter.shareNone')}</Tag>
                  ),
              },
              {
                title: t('diversion.counter.actions'),
                key: 'actions',
                render: (_, r) => (
                  <Space size={0} onClick={(e) => e.stopPropagation()}>
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
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setSharing(r)}
                      data-testid="counter-share"
                    >
                      {t('diversion.counter.share')}
                    </Button>
                    <Popconfirm
                      title={t('diversion.counter.deleteConfirm')}
                      onConfirm={() => remove.mutate(r.id)}
                    >
                      <Button type="link" size="small" danger>
                        {t('diversion.counter.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      {shownId !== null && (
        <Card>
          <TallyView tally={tally.data} loading={tally.isLoading} />
        </Card>
      )}
      <CounterModal
        open={formOpen}
        editing={editing}
        saving={save.isPending}
        onCancel={() => setFormOpen(false)}
        onSave={(input) => save.mutate(input)}
      />
      <ShareModal counter={sharing} onClose={() => setSharing(null)} />
    </Flex>
  )
}
