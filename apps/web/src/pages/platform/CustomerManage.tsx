import { type SlotCounts, type TenantQueryBody, type TenantView, VipState } from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Card, Flex, Input, Select, Table, type TableProps, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { queryTenants, sellerOptions } from '../../api/platform'
import { Highlight } from '../../components/Highlight'
import { formatDate } from '../../utils/date'
import { tablePaging } from '../../utils/tablePaging'

/** bought / used, and how many end within 7 days */
function Slots({ s }: { s: SlotCounts }) {
  const { t } = useTranslation()
  return (
    <Flex vertical>
      <span>
        {s.used} / {s.bought}
      </span>
      {s.expiringSoon > 0 && (
        <Tag color="orange">{t('platform.tenants.expiring', { count: s.expiringSoon })}</Tag>
      )}
    </Flex>
  )
}

/** /customerManage: tenants as companies, their VIP, ports, seats, numbers and flags; to their orders. */
export default function CustomerManage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [query, setQuery] = useState<TenantQueryBody>({ pageNo: 1, pageSize: 10 })
  const [keyword, setKeyword] = useState('')
  const page = useQuery({
    queryKey: ['platform', 'tenants', query],
    queryFn: () => queryTenants(query),
    placeholderData: keepPreviousData,
  })
  const sellers = useQuery({ queryKey: ['platform', 'sellers'], queryFn: sellerOptions })
  const set = (patch: Partial<TenantQueryBody>) => setQuery((q) => ({ ...q, ...patch, pageNo: 1 }))
  const flag = (v: 0 | 1 | undefined) => v

  const columns: TableProps<TenantView>['columns'] = [
    {
      title: t('platform.enterpriseAccount'),
      key: 'account',
      render: (_, r) => (
        <Flex vertical>
          <Highlight text={r.enterpriseAccount} keyword={query.keyword} />
          <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>
            <Highlight text={r.tenantName} keyword={query.keyword} />
          </span>
        </Flex>
      ),
    },
    { title: t('platform.supervisorName'), dataIndex: 'masterUsername' },
    {
      title: t('platform.vip'),
      key: 'vip',
      width: 210,
      render: (_, r) => (
        <Flex vertical>
          <span>{r.validEndDate ? formatDate(r.validEndDate, 'YYYY-MM-DD') : '-'}</span>
          {r.vipDaysLeft > 0 ? (
            <Tag color={r.vipDaysLeft <= 7 ? 'orange' : 'green'}>
              {t('platform.daysLeft', { count: r.vipDaysLeft })}
            </Tag>
          ) : (
            <Tag color="red">{t('platform.vipEnded')}</Tag>
          )}
        </Flex>
      ),
    },
    { title: t('platform.tenants.ports'), key: 'ports', width: 110, render: (_, r) => <Slots s={r.ports} /> },
    { title: t('platform.tenants.seats'), key: 'seats', width: 110, render: (_, r) => <Slots s={r.seats} /> },
    {
      title: t('platform.tenants.numbers'),
      key: 'numbers',
      width: 110,
      render: (_, r) => `${r.accounts.online} / ${r.accounts.total}`,
    },
    {
      title: t('platform.tenants.flags'),
      key: 'flags',
      render: (_, r) => (
        <Flex gap={4} wrap>
          {r.riskStatus === 1 && <Tag color="red">{t('platform.flag.risk')}</Tag>}
          {r.specialChannel === 1 && <Tag color="blue">{t('platform.flag.channel')}</Tag>}
          {r.test === 1 && <Tag>{t('platform.trial')}</Tag>}
        </Flex>
      ),
    },
    { title: t('platform.seller'), dataIndex: 'sellerName', render: (v: string | null) => v ?? '-' },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => navigate(`/orderManage?tenantId=${r.tenantId}`)}
          data-testid={`tenant-orders-${r.tenantId}`}
        >
          {t('platform.tenants.orders')}
        </Button>
      ),
    },
  ]

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('platform.searchSupervisor')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => set({ keyword: v.trim() || undefined })}
            style={{ width: 280 }}
            data-testid="tenant-search"
          />
          <Select
            aria-label={t('platform.vip')}
            allowClear
            placeholder={t('platform.vip')}
            style={{ width: 140 }}
            onChange={(vip) => set({ vip })}
            options={Object.values(VipState).map((v) => ({
              value: v,
              label: t(`platform.tenants.vip.${v}`),
            }))}
          />
          <Select
            aria-label={t('platform.seller')}
            allowClear
            placeholder={t('platform.seller')}
            style={{ width: 160 }}
            onChange={(sellerId) => set({ sellerId })}
            options={(sellers.data ?? []).map((s) => ({ value: s.id, label: s.nickname || s.username }))}
          />
          <Select
            aria-label={t('platform.flag.risk')}
            allowClear
            placeholder={t('platform.flag.risk')}
            style={{ width: 120 }}
            onChange={(v) => set({ riskStatus: flag(v) })}
            options={[
              { value: 1, label: t('common.yes') },
              { value: 0, label: t('common.no') },
            ]}
          />
          <Select
            aria-label={t('platform.trial')}
            allowClear
            placeholder={t('platform.trial')}
            style={{ width: 110 }}
            onChange={(v) => set({ test: flag(v) })}
            options={[
              { value: 1, label: t('common.yes') },
              { value: 0, label: t('common.no') },
            ]}
          />
          <Select
            aria-label={t('platform.tenants.expiringOnly')}
            allowClear
            placeholder={t('platform.tenants.expiringOnly')}
            style={{ width: 170 }}
            onChange={(v?: boolean) => set({ expiringOnly: v })}
            options={[{ value: true, label: t('platform.tenants.expiringOnly') }]}
          />
        </Flex>
        <Table<TenantView>
          rowKey="tenantId"
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          scroll={{ x: 1300 }}
          pagination={tablePaging(query, page.data?.total, setQuery)}
          data-testid="tenant-table"
        />
      </Flex>
    </Card>
  )
}
