import { RISK_WARNING_KINDS, type RiskWarningKindValue, type RiskWarningView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Form, Select, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { handleRiskWarnings, pageRiskWarnings } from '../../../api/risk'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState, NoMatches } from '../../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../../components/page/FilterBar'
import { PageFrame } from '../../../components/page/PageFrame'
import type { PageColumn } from '../../../components/page/tableColumns'
import { useSocketEvent } from '../../../realtime'
import { formatPhone } from '../../../utils/format'
import { warningDetail, when } from './detail'

const LEVEL_COLOR: Record<number, string> = { 1: 'default', 2: 'orange', 3: 'red' }
type Status = 'all' | 'handled' | 'unhandled'

interface WarningFilters {
  status: Status
  kind?: RiskWarningKindValue
}

const FIRST_FILTERS: WarningFilters = { status: 'unhandled' }

/** /riskManage/warning: the warnings the server raised, newest first; mark handled one by one or in a batch. */
export default function RiskWarningPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const client = useQueryClient()
  const navigate = useNavigate()
  const [{ status, kind }, setFilters] = useState<WarningFilters>(FIRST_FILTERS)
  const [filterForm] = Form.useForm<WarningFilters>()
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

  const columns: PageColumn<RiskWarningView>[] = [
    {
      key: 'time',
      title: t('risk.warning.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => when(v),
    },
    {
      key: 'level',
      title: t('risk.warning.level'),
      dataIndex: 'level',
      width: 80,
      render: (v: number) => <Tag color={LEVEL_COLOR[v]}>{t(`risk.warning.levels.${v}`)}</Tag>,
    },
    {
      key: 'kind',
      title: t('risk.warning.kind'),
      dataIndex: 'kind',
      width: 170,
      ellipsis: true,
      render: (k: string) => t(`risk.warning.kinds.${k}`),
    },
    {
      key: 'account',
      title: t('risk.warning.account'),
      width: 160,
      render: (_, w) =>
        w.accountId ? formatPhone(w.accountPhone) || `#${w.accountId}` : t('risk.warning.tenant'),
    },
    {
      key: 'detail',
      title: t('risk.warning.detail'),
      ellipsis: true,
      render: (_, w) => warningDetail(w, t),
    },
    {
      key: 'status',
      title: t('risk.warning.status'),
      dataIndex: 'handled',
      actions: true,
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
  const search = (next: WarningFilters) => {
    setFilters({ status: next.status ?? FIRST_FILTERS.status, kind: next.kind })
    setPage((p) => ({ ...p, current: 1 }))
  }
  const filtered = status !== FIRST_FILTERS.status || kind !== undefined

  return (
    <PageFrame title={t('menu.riskWarning')}>
      <FilterBar<WarningFilters>
        form={filterForm}
        name="risk-warning-filters"
        initialValues={FIRST_FILTERS}
        onSearch={search}
        buttonTestIdPrefix="risk-warning-filter"
      >
        <FilterItem name="status" label={t('risk.warning.status')}>
          <Select<Status>
            style={{ width: 120 }}
            options={(['unhandled', 'handled', 'all'] as const).map((v) => ({
              value: v,
              label: t(`risk.warning.${v}`),
            }))}
            data-testid="risk-warning-status"
          />
        </FilterItem>
        <FilterItem name="kind" label={t('risk.warning.kind')}>
          <Select<RiskWarningKindValue>
            allowClear
            placeholder={t('common.all')}
            style={{ width: 200 }}
            options={RISK_WARNING_KINDS.map((k) => ({ value: k, label: t(`risk.warning.kinds.${k}`) }))}
            data-testid="risk-warning-kind"
          />
        </FilterItem>
      </FilterBar>
      <DataTable<RiskWarningView>
        rowKey="id"
        size="middle"
        data-testid="risk-warning-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        toolbar={
          <Button
            type="primary"
            disabled={selected.length === 0}
            loading={handle.isPending}
            onClick={() => handle.mutate(selected)}
            data-testid="risk-handle-batch"
          >
            {t('risk.warning.batchHandle')}
          </Button>
        }
        empty={
          list.isFetching ? undefined : filtered ? (
            <NoMatches
              onClear={() => {
                filterForm.resetFields()
                search(FIRST_FILTERS)
              }}
            />
          ) : (
            <EmptyState
              title={t('risk.warning.emptyTitle')}
              hint={t('risk.warning.emptyHint')}
              action={{ label: t('menu.riskConfig'), onClick: () => navigate('/riskManage/config') }}
            />
          )
        }
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (w) => ({ disabled: w.handled }),
        }}
        pagination={{
          ...page,
          total: list.data?.total ?? 0,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
      />
    </PageFrame>
  )
}
