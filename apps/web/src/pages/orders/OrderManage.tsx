import { DownloadOutlined, PlusOutlined } from '@ant-design/icons'
import type { OrderCreateBody, OrderKindValue, OrderView, RecordChangeView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Form, Select, Tabs } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { createOrder, exportOrders, queryOrders, queryRecordChanges } from '../../api/billing'
import { DataTable } from '../../components/page/DataTable'
import { EmptyState, NoMatches } from '../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../components/page/FilterBar'
import { PageFrame } from '../../components/page/PageFrame'
import type { PageColumn } from '../../components/page/tableColumns'
import { currentLanguage } from '../../i18n'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'
import { OrderCreateModal } from './OrderCreateModal'
import { orderTermsColumns } from './orderColumns'
import { RecordsPanel } from './RecordsPanel'
import { TenantSelect } from './TenantSelect'

type TabKey = 'orders' | 'ports' | 'seats' | 'changes'

interface OrderFilters {
  tenantId?: number
  kind?: OrderKindValue
}

type OrdersQuery = { pageNo: number; pageSize: number } & OrderFilters

const firstOrdersQuery = (tenantId?: number): OrdersQuery => ({ pageNo: 1, pageSize: 10, tenantId })

function OrdersPanel({
  initialTenant,
  query,
  setQuery,
  onCreate,
}: {
  initialTenant?: number
  query: OrdersQuery
  setQuery: (update: (q: OrdersQuery) => OrdersQuery) => void
  onCreate: () => void
}) {
  const { t } = useTranslation()
  const [filterForm] = Form.useForm<OrderFilters>()
  const page = useQuery({
    queryKey: ['billing', 'orders', query],
    queryFn: () => queryOrders(query),
    placeholderData: keepPreviousData,
  })
  const columns: PageColumn<OrderView>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    {
      key: 'tenant',
      title: t('billing.tenant'),
      width: 220,
      ellipsis: true,
      render: (_, o) => `${o.tenantName} (${o.enterpriseAccount})`,
    },
    ...orderTermsColumns<OrderView>(t),
    { key: 'operator', title: t('billing.operator'), dataIndex: 'operatorName', width: 120, ellipsis: true },
    {
      key: 'createdAt',
      title: t('billing.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    { key: 'remark', title: t('billing.remark'), dataIndex: 'remark', width: 180, ellipsis: true },
  ]
  const search = (v: OrderFilters) =>
    setQuery((q) => ({ pageNo: 1, pageSize: q.pageSize, tenantId: v.tenantId, kind: v.kind }))
  const filtered = query.tenantId !== undefined || query.kind !== undefined
  // clearing drops the customer the page was opened for too
  const clearFilters = () => {
    filterForm.setFieldsValue({ tenantId: undefined, kind: undefined })
    search({})
  }
  return (
    // a tab's panel: the filters, then the table
    <Flex vertical gap={16}>
      <FilterBar<OrderFilters>
        form={filterForm}
        name="orders-filters"
        initialValues={{ tenantId: initialTenant }}
        onSearch={search}
        buttonTestIdPrefix="orders-filter"
      >
        <FilterItem name="tenantId" label={t('billing.tenant')}>
          <TenantSelect allowClear style={{ width: 260 }} testId="orders-tenant" />
        </FilterItem>
        <FilterItem name="kind" label={t('billing.kind')}>
          <Select<OrderKindValue>
            allowClear
            placeholder={t('common.all')}
            style={{ width: 120 }}
            options={[
              { value: 'port', label: t('billing.kinds.port') },
              { value: 'seat', label: t('billing.kinds.seat') },
            ]}
          />
        </FilterItem>
      </FilterBar>
      <DataTable<OrderView>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={tablePaging(query, page.data?.total, setQuery)}
        data-testid="orders-table"
        empty={
          page.isFetching ? undefined : filtered ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('billing.empty.ordersTitle')}
              hint={t('billing.empty.ordersHint')}
              action={{ label: t('billing.createOrder'), onClick: onCreate }}
            />
          )
        }
      />
    </Flex>
  )
}

function ChangesPanel({ tenantId }: { tenantId?: number }) {
  const { t } = useTranslation()
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 })
  const page = useQuery({
    queryKey: ['billing', 'changes', tenantId, paging],
    queryFn: () => queryRecordChanges({ ...paging, tenantId }),
    placeholderData: keepPreviousData,
  })
  const snap = (s: RecordChangeView['before']) =>
    s
      ? `${formatDate(s.startsAt, 'YYYY-MM-DD')} ~ ${formatDate(s.expiresAt, 'YYYY-MM-DD')} · ${t(`billing.status.${s.status}`)}`
      : '-'
  const columns: PageColumn<RecordChangeView>[] = [
    {
      key: 'createdAt',
      title: t('billing.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    {
      key: 'kind',
      title: t('billing.kind'),
      dataIndex: 'kind',
      width: 70,
      render: (k: string) => t(`billing.kinds.${k}`),
    },
    {
      key: 'record',
      title: t('billing.record'),
      dataIndex: 'recordId',
      width: 80,
      render: (v: number) => `#${v}`,
    },
    { key: 'tenant', title: t('billing.tenant'), dataIndex: 'tenantName', width: 160, ellipsis: true },
    {
      key: 'action',
      title: t('billing.changeAction'),
      dataIndex: 'action',
      width: 90,
      render: (a: string) => t(`billing.actions.${a}`),
    },
    { key: 'before', title: t('billing.before'), dataIndex: 'before', width: 260, render: snap },
    { key: 'after', title: t('billing.after'), dataIndex: 'after', width: 260, render: snap },
    { key: 'operator', title: t('billing.operator'), dataIndex: 'operatorName', width: 120, ellipsis: true },
    { key: 'remark', title: t('billing.remark'), dataIndex: 'remark', width: 180, ellipsis: true },
  ]
  return (
    <DataTable<RecordChangeView>
      rowKey="id"
      columns={columns}
      dataSource={page.data?.list ?? []}
      loading={page.isFetching}
      pagination={{
        current: paging.pageNo,
        pageSize: paging.pageSize,
        total: page.data?.total ?? 0,
        onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
      }}
      data-testid="changes-table"
      empty={
        page.isFetching ? undefined : (
          <EmptyState title={t('billing.empty.changesTitle')} hint={t('billing.empty.changesHint')} />
        )
      }
    />
  )
}

/** /orderManage: orders, the port and seat records they made (renewal, refund, merge), and every change. */
export default function OrderManage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const tenantId = Number(params.get('tenantId')) || undefined
  const [tab, setTab] = useState<TabKey>('orders')
  // the orders' filters live here, for the export beside the heading
  const [ordersQuery, setOrdersQuery] = useState<OrdersQuery>(() => firstOrdersQuery(tenantId))
  const [creating, setCreating] = useState(false)
  const create = useMutation({
    mutationFn: ({ kind, body }: { kind: OrderKindValue; body: OrderCreateBody }) => createOrder(kind, body),
    onSuccess: () => {
      message.success(t('billing.orderCreated'))
      return queryClient.invalidateQueries({ queryKey: ['billing'] })
    },
  })
  const exportNow = () =>
    exportOrders(
      {
        tenantId: ordersQuery.tenantId,
        kind: ordersQuery.kind,
        utcOffsetMinutes: -new Date().getTimezoneOffset(),
        language: currentLanguage(),
      },
      `${t('billing.exportName')}-${formatDate(Date.now(), 'YYYYMMDDHHmmss')}.xlsx`,
    )
  const showTab = (next: TabKey) => {
    // every tab opens afresh, the orders' filters too
    if (next === 'orders') setOrdersQuery(firstOrdersQuery(tenantId))
    setTab(next)
  }
  return (
    <PageFrame
      title={t('menu.orderManage')}
      actions={
        tab === 'orders' ? (
          <>
            <Button icon={<DownloadOutlined />} onClick={exportNow} data-testid="orders-export">
              {t('billing.export')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="order-create"
            >
              {t('billing.createOrder')}
            </Button>
          </>
        ) : undefined
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => showTab(key as TabKey)}
        destroyOnHidden
        items={[
          {
            key: 'orders',
            label: t('billing.tab.orders'),
            children: (
              <OrdersPanel
                initialTenant={tenantId}
                query={ordersQuery}
                setQuery={setOrdersQuery}
                onCreate={() => setCreating(true)}
              />
            ),
          },
          {
            key: 'ports',
            label: t('billing.tab.ports'),
            children: <RecordsPanel kind="port" tenantId={tenantId} />,
          },
          {
            key: 'seats',
            label: t('billing.tab.seats'),
            children: <RecordsPanel kind="seat" tenantId={tenantId} />,
          },
          { key: 'changes', label: t('billing.tab.changes'), children: <ChangesPanel tenantId={tenantId} /> },
        ]}
      />
      <OrderCreateModal
        open={creating}
        tenantId={ordersQuery.tenantId}
        onClose={() => setCreating(false)}
        onSubmit={(kind, body) => create.mutateAsync({ kind, body })}
      />
    </PageFrame>
  )
}
