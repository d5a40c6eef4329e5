import { DownloadOutlined, PlusOutlined } from '@ant-design/icons'
import {
  formatAmount,
  type OrderCreateBody,
  type OrderKindValue,
  type OrderView,
  type RecordChangeView,
} from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Select, Table, type TableProps, Tabs } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { createOrder, exportOrders, queryOrders, queryRecordChanges } from '../../api/billing'
import { currentLanguage } from '../../i18n'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'
import { OrderCreateModal } from './OrderCreateModal'
import { RecordsPanel } from './RecordsPanel'
import { TenantSelect } from './TenantSelect'

function OrdersPanel({ tenantId: initialTenant }: { tenantId?: number }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [query, setQuery] = useState<{
    pageNo: number
    pageSize: number
    tenantId?: number
    kind?: OrderKindValue
  }>({
    pageNo: 1,
    pageSize: 10,
    tenantId: initialTenant,
  })
  const [open, setOpen] = useState(false)
  const page = useQuery({
    queryKey: ['billing', 'orders', query],
    queryFn: () => queryOrders(query),
    placeholderData: keepPreviousData,
  })
  const create = useMutation({
    mutationFn: ({ kind, body }: { kind: OrderKindValue; body: OrderCreateBody }) => createOrder(kind, body),
    onSuccess: () => {
      message.success(t('billing.orderCreated'))
      return queryClient.invalidateQueries({ queryKey: ['billing'] })
    },
  })
  const columns: TableProps<OrderView>['columns'] = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('billing.tenant'),
      key: 'tenant',
      render: (_, o) => `${o.tenantName} (${o.enterpriseAccount})`,
    },
    {
      title: t('billing.kind'),
      dataIndex: 'kind',
      width: 80,
      render: (k: string) => t(`billing.kinds.${k}`),
    },
    {
      title: t('billing.type'),
      dataIndex: 'type',
      width: 80,
      render: (k: string) => t(`billing.types.${k}`),
    },
    { title: t('billing.quantity'), dataIndex: 'quantity', width: 80 },
    { title: t('billing.days'), dataIndex: 'days', width: 80 },
    { title: t('billing.amount'), dataIndex: 'amount', width: 110, render: (v: number) => formatAmount(v) },
    { title: t('billing.seller'), dataIndex: 'sellerName', render: (v: string | null) => v ?? '-' },
    { title: t('billing.operator'), dataIndex: 'operatorName' },
    {
      title: t('billing.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    { title: t('billing.remark'), dataIndex: 'remark' },
  ]
  const exportNow = () =>
    exportOrders(
      {
        tenantId: query.tenantId,
        kind: query.kind,
        utcOffsetMinutes: -new Date().getTimezoneOffset(),
        language: currentLanguage(),
      },
      `${t('billing.exportName')}-${formatDate(Date.now(), 'YYYYMMDDHHmmss')}.xlsx`,
    )
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={8} wrap>
        <Flex gap={8} wrap>
          <TenantSelect
            allowClear
            value={query.tenantId}
            onChange={(tenantId) => setQuery((q) => ({ ...q, pageNo: 1, tenantId }))}
            style={{ width: 260 }}
            testId="orders-tenant"
          />
          <Select
            aria-label={t('billing.kind')}
            allowClear
            placeholder={t('billing.kind')}
            style={{ width: 120 }}
            value={query.kind}
            onChange={(kind) => setQuery((q) => ({ ...q, pageNo: 1, kind }))}
            options={[
              { value: 'port', label: t('billing.kinds.port') },
              { value: 'seat', label: t('billing.kinds.seat') },
            ]}
          />
        </Flex>
        <Flex gap={8}>
          <Button icon={<DownloadOutlined />} onClick={exportNow} data-testid="orders-export">
            {t('billing.export')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setOpen(true)}
            data-testid="order-create"
          >
            {t('billing.createOrder')}
          </Button>
        </Flex>
      </Flex>
      <Table<OrderView>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 1200 }}
        pagination={tablePaging(query, page.data?.total, setQuery)}
        data-testid="orders-table"
      />
      <OrderCreateModal
        open={open}
        tenantId={query.tenantId}
        onClose={() => setOpen(false)}
        onSubmit={(kind, body) => create.mutateAsync({ kind, body })}
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
  const columns: TableProps<RecordChangeView>['columns'] = [
    {
      title: t('billing.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('billing.kind'),
      dataIndex: 'kind',
      width: 70,
      render: (k: string) => t(`billing.kinds.${k}`),
    },
    { title: t('billing.record'), dataIndex: 'recordId', width: 80, render: (v: number) => `#${v}` },
    { title: t('billing.tenant'), dataIndex: 'tenantName' },
    {
      title: t('billing.changeAction'),
      dataIndex: 'action',
      width: 90,
      render: (a: string) => t(`billing.actions.${a}`),
    },
    { title: t('billing.before'), dataIndex: 'before', render: snap },
    { title: t('billing.after'), dataIndex: 'after', render: snap },
    { title: t('billing.operator'), dataIndex: 'operatorName', width: 120 },
    { title: t('billing.remark'), dataIndex: 'remark' },
  ]
  return (
    <Table<RecordChangeView>
      rowKey="id"
      columns={columns}
      dataSource={page.data?.list ?? []}
      loading={page.isFetching}
      scroll={{ x: 1200 }}
      pagination={{
        current: paging.pageNo,
        pageSize: paging.pageSize,
        total: page.data?.total ?? 0,
        onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
      }}
      data-testid="changes-table"
    />
  )
}

/** /orderManage: orders, the port and seat records they made (renewal, refund, merge), and every change. */
export default function OrderManage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const tenantId = Number(params.get('tenantId')) || undefined
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'orders', label: t('billing.tab.orders'), children: <OrdersPanel tenantId={tenantId} /> },
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
    </Card>
  )
}
