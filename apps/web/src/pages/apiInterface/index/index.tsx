import { CopyOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons'
import { formatDateTime, type MerchantCodeStateValue, type MerchantCodeView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  App,
  Button,
  Card,
  Flex,
  Input,
  Modal,
  Popconfirm,
  QRCode,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd'
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

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex gap={12} wrap justify="space-between">
          <Input.Search
            allowClear
            placeholder={t('merchants.codes.searchName')}
            style={{ width: 260 }}
            onSearch={(name) => setQuery((q) => ({ ...q, pageNo: 1, name: name.trim() }))}
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ open: true, editing: null })}
            data-testid="merchant-code-create"
          >
            {t('merchants.codes.create')}
          </Button>
        </Flex>
        <Table<MerchantCodeView>
          rowKey="id"
          loading={page.isFetching}
          dataSource={page.data?.list ?? []}
          scroll={{ x: 960 }}
          expandable={{ expandedRowRender: (r) => <LinkedNumbers codeId={r.id} /> }}
          pagination={{
            current: query.pageNo,
            pageSize: query.pageSize,
            total: page.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
          }}
          data-testid="merchant-codes"
          columns={[
            { title: t('merchants.codes.name'), dataIndex: 'name' },
            {
              title: t('merchants.codes.linked'),
              key: 'linked',
              render: (_v, r) => `${r.linked} / ${r.quota}`,
            },
            {
              title: t('merchants.codes.expiresAt'),
              dataIndex: 'expiresAt',
              render: (v: number | null) =>
                v === null ? t('merchants.public.noExpiry') : formatDateTime(v, offset),
            },
            {
              title: t('merchants.codes.state'),
              dataIndex: 'state',
              render: (s: MerchantCodeStateValue) => (
                <Tag color={stateColor[s]} data-testid="merchant-code-state">
                  {t(`merchants.codes.states.${s}`)}
                </Tag>
              ),
            },
            {
              title: t('merchants.codes.createdAt'),
              dataIndex: 'createdAt',
              render: (v: number) => formatDateTime(v, offset),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              fixed: 'right',
              render: (_v, r) => (
                <Space wrap size={4}>
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
                        description={
                          <div style={{ maxWidth: 280 }}>{t('merchants.codes.revokeConfirm')}</div>
                        }
                        onConfirm={() => revoke.mutateAsync(r.id)}
                      >
                        <Button size="small" danger data-testid="merchant-revoke">
                          {t('merchants.codes.revoke')}
                        </Button>
                      </Popconfirm>
                    </>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Flex>
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
    </Card>
  )
}
