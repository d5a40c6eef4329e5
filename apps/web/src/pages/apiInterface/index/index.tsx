import { CopyOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons'
import { formatDateTime, type MerchantCodeStateValue, type MerchantCodeView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Form, Input, Modal, Popconfirm, QRCode, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  createMerchantCode,
  type MerchantCodeInput,
  merchantHistoryUrl,
  merchantLinkUrl,
  pageMerchantCodes,
  revokeMerchantCode,
  updateMerchantCode,
} from '../../../api/merchants'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState, NoMatches } from '../../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../../components/page/FilterBar'
import { PageFrame } from '../../../components/page/PageFrame'
import { actionsWidth, type PageColumn } from '../../../components/page/tableColumns'
import { useCopy } from '../../accountManage/customerAcquisitionStatistics/components/useCopy'
import { CodeFormModal } from './CodeFormModal'
import { LinkedNumbers } from './LinkedNumbers'

const stateColor: Record<MerchantCodeStateValue, string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
}

/**
 * /apiInterface/index (customerMaster): codes for number suppliers. Each has a name, a quota of
 * numbers and an optional expiry; its link opens the public linking page; it can be revoked.
 * A row opens to the numbers linked through it with their status.
 */
export default function ApiInterfaceCodesPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const copy = useCopy()
  const [query, setQuery] = useState({ pageNo: 1, pageSize: 10, name: '' })
  const [form, setForm] = useState<{ open: boolean; editing: MerchantCodeView | null }>({
    open: false,
    editing: null,
  })
  const [qr, setQr] = useState<MerchantCodeView | null>(null)
  const [filterForm] = Form.useForm<{ name?: string }>()
  const page = useQuery({
    queryKey: ['merchant', 'codes', query],
    queryFn: () => pageMerchantCodes({ ...query, name: query.name || undefined }),
    placeholderData: keepPreviousData,
  })
  const refresh = () => qc.invalidateQueries({ queryKey: ['merchant', 'codes'] })
  const save = useMutation({
    mutationFn: (input: MerchantCodeInput) =>
      form.editing ? updateMerchantCode(form.editing.id, input) : createMerchantCode(input),
    onSuccess: () => {
      message.success(t('common.saved'))
      setForm({ open: false, editing: null })
      void refresh()
    },
  })
  const revoke = useMutation({
    mutationFn: (id: number) => revokeMerchantCode(id),
    onSuccess: () => {
      message.success(t('merchants.codes.revoked'))
      void refresh()
    },
  })
  const offset = -new Date().getTimezoneOffset()

  const openCreate = () => setForm({ open: true, editing: null })
  const clearFilters = () => {
    filterForm.resetFields()
    setQuery((q) => ({ ...q, pageNo: 1, name: '' }))
  }
  const columns: PageColumn<MerchantCodeView>[] = [
    { key: 'name', title: t('merchants.codes.name'), dataIndex: 'name', width: 160, ellipsis: true },
    {
      key: 'linked',
      title: t('merchants.codes.linked'),
      width: 90,
      render: (_v, r) => `${r.linked} / ${r.quota}`,
    },
    {
      key: 'expiresAt',
      title: t('merchants.codes.expiresAt'),
      dataIndex: 'expiresAt',
      width: 160,
      render: (v: number | null) => (v === null ? t('merchants.public.noExpiry') : formatDateTime(v, offset)),
    },
    {
      key: 'state',
      title: t('merchants.codes.state'),
      dataIndex: 'state',
      width: 90,
      render: (s: MerchantCodeStateValue) => (
        <Tag color={stateColor[s]} data-testid="merchant-code-state">
          {t(`merchants.codes.states.${s}`)}
        </Tag>
      ),
    },
    {
      key: 'createdAt',
      title: t('merchants.codes.createdAt'),
      dataIndex: 'createdAt',
      width: 160,
      render: (v: number) => formatDateTime(v, offset),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      // small default buttons (a border each), three with an icon
      width: actionsWidth(
        [
          t('merchants.codes.copyLink'),
          t('merchants.codes.copyHistoryLink'),
          t('merchants.codes.qr'),
          t('common.edit'),
          t('merchants.codes.revoke'),
        ],
        { extra: 60 },
      ),
      actions: true,
      render: (_v, r) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<CopyOutlined />}
            onClick={() => void copy(merchantLinkUrl(r.code))}
            data-testid="merchant-copy-link"
          >
            {t('merchants.codes.copyLink')}
          </Button>
          <Button size="small" onClick={() => void copy(merchantHistoryUrl(r.code))}>
            {t('merchants.codes.copyHistoryLink')}
          </Button>
          <Button size="small" icon={<QrcodeOutlined />} onClick={() => setQr(r)}>
            {t('merchants.codes.qr')}
          </Button>
          {r.state !== 'revoked' ? (
            <>
              <Button size="small" onClick={() => setForm({ open: true, editing: r })}>
                {t('common.edit')}
              </Button>
              <Popconfirm
                title={t('merchants.codes.revoke')}
                description={<div style={{ maxWidth: 280 }}>{t('merchants.codes.revokeConfirm')}</div>}
                onConfirm={() => revoke.mutateAsync(r.id)}
              >
                <Button size="small" danger data-testid="merchant-revoke">
                  {t('merchants.codes.revoke')}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Flex>
      ),
    },
  ]

  return (
    <PageFrame
      title={t('menu.apiInterfaceCodes')}
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={openCreate}
          data-testid="merchant-code-create"
        >
          {t('merchants.codes.create')}
        </Button>
      }
    >
      <FilterBar<{ name?: string }>
        form={filterForm}
        name="merchant-code-filters"
        onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, name: v.name?.trim() ?? '' }))}
        buttonTestIdPrefix="merchant-code-filter"
      >
        <FilterItem name="name" label={t('merchants.codes.name')}>
          <Input allowClear placeholder={t('merchants.codes.searchName')} style={{ width: 220 }} />
        </FilterItem>
      </FilterBar>
      <DataTable<MerchantCodeView>
        rowKey="id"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        columns={columns}
        expandable={{ expandedRowRender: (r) => <LinkedNumbers codeId={r.id} /> }}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: page.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
        }}
        data-testid="merchant-codes"
        empty={
          page.isFetching ? undefined : query.name ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('merchants.codes.emptyTitle')}
              hint={t('merchants.codes.emptyHint')}
              action={{ label: t('merchants.codes.create'), onClick: openCreate }}
            />
          )
        }
      />
      <CodeFormModal
        open={form.open}
        editing={form.editing}
        saving={save.isPending}
        onSubmit={(input) => save.mutate(input)}
        onClose={() => setForm({ open: false, editing: null })}
      />
      <Modal
        open={qr !== null}
        title={t('merchants.codes.qrTitle')}
        footer={null}
        onCancel={() => setQr(null)}
      >
        {qr ? (
          <Flex vertical align="center" gap={12}>
            <QRCode value={merchantLinkUrl(qr.code)} size={220} />
            <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
              {merchantLinkUrl(qr.code)}
            </Typography.Text>
          </Flex>
        ) : null}
      </Modal>
    </PageFrame>
  )
}
