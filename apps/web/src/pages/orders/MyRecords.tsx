import {
  type MyOrderView,
  type MyPortRecordView,
  type MySeatRecordView,
  ORDER_DAYS_MAX,
  type OrderKindValue,
  type Page,
} from '@app/core'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { App, Button, Form, Input, InputNumber, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { queryMyOrders, queryMyPorts, queryMySeats, requestRenewal } from '../../api/billing'
import { DataTable } from '../../components/page/DataTable'
import { EmptyState } from '../../components/page/EmptyState'
import { PageFrame } from '../../components/page/PageFrame'
import type { PageColumn } from '../../components/page/tableColumns'
import { formatDate } from '../../utils/date'
import { orderTermsColumns } from './orderColumns'
import { RecordStatusTag } from './RecordsPanel'

type Row = MyPortRecordView | MySeatRecordView

/** /portRecord and /seatRecord/index: the supervisor's ports or seats; a renewal request goes to the seller. */
function MyRecords({ kind }: { kind: OrderKindValue }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 })
  const [selected, setSelected] = useState<number[]>([])
  const [asking, setAsking] = useState(false)
  const [form] = Form.useForm<{ days: number; note?: string }>()
  const page = useQuery({
    queryKey: ['billing', 'mine', kind, paging],
    queryFn: (): Promise<Page<Row>> => (kind === 'port' ? queryMyPorts(paging) : queryMySeats(paging)),
    placeholderData: keepPreviousData,
  })
  const ask = useMutation({
    mutationFn: (v: { days: number; note?: string }) =>
      requestRenewal({ kind, ids: selected, days: v.days, note: v.note?.trim() ?? '' }),
    onSuccess: () => {
      message.success(t('billing.renewalRequested'))
      setAsking(false)
      setSelected([])
    },
  })
  const columns: PageColumn<Row>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
    kind === 'port'
      ? {
          key: 'holder',
          title: t('billing.holderPort'),
          width: 180,
          render: (_, r) => ('phone' in r ? (r.phone ?? t('billing.unbound')) : '-'),
        }
      : {
          key: 'holder',
          title: t('billing.holderSeat'),
          width: 180,
          ellipsis: true,
          render: (_, r) => ('agentName' in r ? (r.agentName ?? t('billing.unbound')) : '-'),
        },
    {
      key: 'startsAt',
      title: t('billing.startsAt'),
      dataIndex: 'startsAt',
      width: 180,
      render: (v: number) => formatDate(v),
    },
    {
      key: 'expiresAt',
      title: t('billing.expiresAt'),
      dataIndex: 'expiresAt',
      width: 180,
      render: (v: number) => formatDate(v),
    },
    { key: 'daysLeft', title: t('billing.daysLeft'), dataIndex: 'daysLeft', width: 100 },
    {
      key: 'status',
      title: t('billing.statusTitle'),
      dataIndex: 'status',
      width: 100,
      render: (s: Row['status']) => <RecordStatusTag status={s} />,
    },
  ]
  const submit = async () => {
    try {
      await ask.mutateAsync(await form.validateFields())
    } catch {
      // a validation message or the request client's toast is shown
    }
  }
  return (
    <PageFrame title={t(kind === 'port' ? 'menu.portRecord' : 'menu.seatRecord')}>
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        toolbar={
          // asks for the selected rows
          <Button
            type="primary"
            disabled={selected.length === 0}
            onClick={() => setAsking(true)}
            data-testid={`my-${kind}-renewal`}
          >
            {t('billing.requestRenewal')}
          </Button>
        }
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: page.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
        data-testid={`my-${kind}-table`}
        empty={
          page.isFetching ? undefined : (
            <EmptyState title={t(`billing.empty.mineTitle.${kind}`)} hint={t('billing.empty.mineHint')} />
          )
        }
      />
      <Modal
        open={asking}
        title={t('billing.requestRenewal')}
        onCancel={() => setAsking(false)}
        onOk={submit}
        confirmLoading={ask.isPending}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <p>{t('billing.renewalRequestHint')}</p>
        <Form form={form} layout="vertical" preserve={false} initialValues={{ days: 30 }}>
          <Form.Item
            name="days"
            label={t('billing.renewDays')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 1,
                max: ORDER_DAYS_MAX,
                message: t('billing.daysRule', { max: ORDER_DAYS_MAX }),
              },
            ]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('billing.note')}
            rules={[{ max: 500, message: t('billing.noteRule') }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  )
}

export const PortRecord = () => <MyRecords kind="port" />
export const SeatRecord = () => <MyRecords kind="seat" />

/** /myOrder: what the tenant bought, renewed or got back, and from whom. */
export function MyOrder() {
  const { t } = useTranslation()
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 })
  const page = useQuery({
    queryKey: ['billing', 'myOrders', paging],
    queryFn: () => queryMyOrders(paging),
    placeholderData: keepPreviousData,
  })
  const columns: PageColumn<MyOrderView>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    ...orderTermsColumns<MyOrderView>(t),
    {
      key: 'createdAt',
      title: t('billing.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => formatDate(v),
    },
    { key: 'remark', title: t('billing.remark'), dataIndex: 'remark', width: 200, ellipsis: true },
  ]
  return (
    <PageFrame title={t('menu.myOrder')}>
      <DataTable<MyOrderView>
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
        data-testid="my-orders-table"
        empty={
          page.isFetching ? undefined : (
            <EmptyState title={t('billing.empty.myOrdersTitle')} hint={t('billing.empty.myOrdersHint')} />
          )
        }
      />
    </PageFrame>
  )
}
