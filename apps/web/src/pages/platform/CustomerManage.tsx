import {
  type SlotCounts,
  type TenantQueryBody,
  type TenantView,
  VipState,
  type VipStateValue,
} from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Checkbox, Flex, Form, Input, Select, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { queryTenants, sellerOptions } from '../../api/platform'
import { Highlight } from '../../components/Highlight'
import { DataTable } from '../../components/page/DataTable'
import { EmptyState, NoMatches } from '../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../components/page/FilterBar'
import { PageFrame } from '../../components/page/PageFrame'
import { actionsWidth, type PageColumn } from '../../components/page/tableColumns'
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

interface TenantFilters {
  keyword?: string
  vip?: VipStateValue
  sellerId?: number
  riskStatus?: 0 | 1
  test?: 0 | 1
  expiringOnly?: boolean
}

/** /customerManage: tenants as companies, their VIP, ports, seats, numbers and flags; to their orders. */
export default function CustomerManage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [query, setQuery] = useState<TenantQueryBody>({ pageNo: 1, pageSize: 10 })
  const [filterForm] = Form.useForm<TenantFilters>()
  const page = useQuery({
    queryKey: ['platform', 'tenants', query],
    queryFn: () => queryTenants(query),
    placeholderData: keepPreviousData,
  })
  const sellers = useQuery({ queryKey: ['platform', 'sellers'], queryFn: sellerOptions })
  const search = (v: TenantFilters) =>
    setQuery((q) => ({
      pageNo: 1,
      pageSize: q.pageSize,
      keyword: v.keyword?.trim() || undefined,
      vip: v.vip,
      sellerId: v.sellerId,
      riskStatus: v.riskStatus,
      test: v.test,
      // unticked is no filter, not "none ending soon"
      expiringOnly: v.expiringOnly || undefined,
    }))
  const filtered = Object.entries(query).some(
    ([k, v]) => k !== 'pageNo' && k !== 'pageSize' && v !== undefined,
  )
  const clearFilters = () => {
    filterForm.resetFields()
    search({})
  }
  const yesNo = [
    { value: 1, label: t('common.yes') },
    { value: 0, label: t('common.no') },
  ]

  const columns: PageColumn<TenantView>[] = [
    {
      key: 'account',
      title: t('platform.enterpriseAccount'),
      width: 220,
      render: (_, r) => (
        <Flex vertical>
          <Highlight text={r.enterpriseAccount} keyword={query.keyword} />
          <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>
            <Highlight text={r.tenantName} keyword={query.keyword} />
          </span>
        </Flex>
      ),
    },
    { key: 'master', title: t('platform.supervisorName'), dataIndex: 'masterUsername', width: 150 },
    {
      key: 'vip',
      title: t('platform.vip'),
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
    { key: 'ports', title: t('platform.tenants.ports'), width: 110, render: (_, r) => <Slots s={r.ports} /> },
    { key: 'seats', title: t('platform.tenants.seats'), width: 110, render: (_, r) => <Slots s={r.seats} /> },
    {
      key: 'numbers',
      title: t('platform.tenants.numbers'),
      width: 110,
      render: (_, r) => `${r.accounts.online} / ${r.accounts.total}`,
    },
    {
      key: 'flags',
      title: t('platform.tenants.flags'),
      width: 160,
      render: (_, r) => (
        <Flex gap={4} wrap>
          {r.riskStatus === 1 && <Tag color="red">{t('platform.flag.risk')}</Tag>}
          {r.specialChannel === 1 && <Tag color="blue">{t('platform.flag.channel')}</Tag>}
          {r.test === 1 && <Tag>{t('platform.trial')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'seller',
      title: t('platform.seller'),
      dataIndex: 'sellerName',
      width: 130,
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: actionsWidth([t('platform.tenants.orders')]),
      actions: true,
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
    <PageFrame title={t('menu.customerManage')}>
      <FilterBar<TenantFilters>
        form={filterForm}
        name="tenant-filters"
        onSearch={search}
        buttonTestIdPrefix="tenant-filter"
      >
        <FilterItem name="keyword" label={t('platform.keyword')}>
          <Input
            allowClear
            placeholder={t('platform.searchSupervisor')}
            style={{ width: 280 }}
            data-testid="tenant-search"
          />
        </FilterItem>
        <FilterItem name="vip" label={t('platform.vip')}>
          <Select<VipStateValue>
            allowClear
            placeholder={t('common.all')}
            style={{ width: 140 }}
            options={Object.values(VipState).map((v) => ({
              value: v,
              label: t(`platform.tenants.vip.${v}`),
            }))}
          />
        </FilterItem>
        <FilterItem name="sellerId" label={t('platform.seller')}>
          <Select<number>
            allowClear
            placeholder={t('common.all')}
            style={{ width: 160 }}
            options={(sellers.data ?? []).map((s) => ({ value: s.id, label: s.nickname || s.username }))}
          />
        </FilterItem>
        <FilterItem name="riskStatus" label={t('platform.flag.risk')}>
          <Select<0 | 1> allowClear placeholder={t('common.all')} style={{ width: 100 }} options={yesNo} />
        </FilterItem>
        <FilterItem name="test" label={t('platform.trial')}>
          <Select<0 | 1> allowClear placeholder={t('common.all')} style={{ width: 100 }} options={yesNo} />
        </FilterItem>
        <FilterItem name="expiringOnly" label={t('platform.tenants.expiringOnly')} valuePropName="checked">
          <Checkbox data-testid="tenant-expiring-only" />
        </FilterItem>
      </FilterBar>
      <DataTable<TenantView>
        rowKey="tenantId"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={tablePaging(query, page.data?.total, setQuery)}
        data-testid="tenant-table"
        empty={
          page.isFetching ? undefined : filtered ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('platform.empty.tenantTitle')}
              hint={t('platform.empty.tenantHint')}
              action={{
                label: t('menu.customerMasterManage'),
                onClick: () => navigate('/customerMasterManage'),
              }}
            />
          )
        }
      />
    </PageFrame>
  )
}
