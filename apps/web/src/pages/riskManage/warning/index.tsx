import { RISK_WARNING_KINDS, type RiskWarningKindValue, type RiskWarningView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Select, Table, Tag } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { handleRiskWarnings, pageRiskWarnings } from '../../../api/risk'
import { useSocketEvent } from '../../../realtime'
import { warningDetail, when } from './detail'

const LEVEL_COLOR: Record<number, string> = { 1: 'default', 2: 'orange', 3: 'red' }
type Status = 'all' | 'handled' | 'unhandled'

/** /riskManage/warning: the warnings the server raised, newest first; mark handled one by one or in a batch. */
export default function RiskWarningPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const client = useQueryClient()
  const [status, setStatus] = useState<Status>('unhandled')
  const [kind, setKind] = useState<RiskWarningKindValue | undefined>()
  const [page, setPage] = useState({ current: 1, pageSize: 20 })
  const [selected, setSelected] = useState<number[]>([])
  const body = { ...page, kind, ...(status === 'all' ? {} : { handled: status === 'handled' }) }
  const list = useQuery({
    queryKey: ['risk', 'warnings', body],
    queryFn: () => pageRiskWarnings(body),
    placeholderData: keepPreviousData,
  })
  const refresh = () => client.invalidateQueries({ queryKey: ['risk'] })
  useSocketEvent('risk.warning', () => void refresh())
  const handle = useMutation({
    mutationFn: (ids: number[]) => handleRiskWarnings(ids),
    onSuccess: (r) => {
      message.success(t('risk.warning.handledDone', { count: r.handled }))
      setSelected([])
      return refresh()
    },
  })

  const columns: ColumnsType<RiskWarningView> = [
    { title: t('risk.warning.time'), dataIndex: 'createdAt', width: 180, render: (v: number) => when(v) },
    {
      title: t('risk.warning.level'),
      dataIndex: 'level',
      width: 80,
      render: (v: number) => <Tag color={LEVEL_COLOR[v]}>{t(`risk.warning.levels.${v}`)}</Tag>,
    },
    { title: t('risk.warning.kind'), dataIndex: 'kind', render: (k: string) => t(`risk.warning.kinds.${k}`) },
    {
      title: t('risk.warning.account'),
      key: 'account',
      render: (_, w) => (w.accountId ? (w.accountPhone ?? `#${w.accountId}`) : t('risk.warning.tenant')),
    },
    { title: t('risk.warning.detail'), key: 'detail', render: (_, w) => warningDetail(w, t) },
    {
      title: t('risk.warning.status'),
      dataIndex: 'handled',
      width: 140,
      render: (h: boolean, w) =>
        h ? (
          <Tag color="green">{t('risk.warning.handled')}</Tag>
        ) : (
          <Button size="small" onClick={() => handle.mutate([w.id])} data-testid={`risk-handle-${w.id}`}>
            {t('risk.warning.markHandled')}
          </Button>
        ),
    },
  ]

  return (
    <Card title={t('risk.warning.title')}>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Select<Status>
          value={status}
          style={{ width: 140 }}
          onChange={(v) => {
            setStatus(v)
            setPage((p) => ({ ...p, current: 1 }))
          }}
          options={(['unhandled', 'handled', 'all'] as const).map((v) => ({
            value: v,
            label: t(`risk.warning.${v}`),
          }))}
          data-testid="risk-warning-status"
        />
        <Select<RiskWarningKindValue>
          allowClear
          value={kind}
          placeholder={t('risk.warning.kind')}
          style={{ width: 200 }}
          onChange={(v) => {
            setKind(v)
            setPage((p) => ({ ...p, current: 1 }))
          }}
          options={RISK_WARNING_KINDS.map((k) => ({ value: k, label: t(`risk.warning.kinds.${k}`) }))}
        />
        <Button
          type="primary"
          disabled={selected.length === 0}
          loading={handle.isPending}
          onClick={() => handle.mutate(selected)}
          data-testid="risk-handle-batch"
        >
          {t('risk.warning.batchHandle')}
        </Button>
      </Flex>
      <Table<RiskWarningView>
        rowKey="id"
        size="middle"
        data-testid="risk-warning-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 800 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (w) => ({ disabled: w.handled }),
        }}
        pagination={{
          ...page,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
    </Card>
  )
}
