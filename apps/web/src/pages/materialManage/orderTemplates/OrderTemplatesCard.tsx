import { PlusOutlined } from '@ant-design/icons'
import { ORDER_TEMPLATE_CONTENT_MAX, ORDER_TEMPLATE_NAME_MAX, type OrderTemplateView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, type ButtonProps, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  createOrderTemplate,
  deleteOrderTemplate,
  type OrderTemplateInput,
  pageOrderTemplates,
  updateOrderTemplate,
} from '../../../api/merchants'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState, NoMatches } from '../../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../../components/page/FilterBar'
import { PageSection } from '../../../components/page/PageFrame'
import { actionsWidth } from '../../../components/page/tableColumns'
import { validationText } from '../../../i18n'
import { formatDate } from '../../../utils/format'

const KEY = ['orderTemplates', 'page'] as const

function TemplateModal({
  open,
  editing,
  saving,
  onSubmit,
  onClose,
}: {
  open: boolean
  editing: OrderTemplateView | null
  saving: boolean
  onSubmit(input: OrderTemplateInput): void
  onClose(): void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<OrderTemplateInput>()
  useEffect(() => {
    if (open)
      form.setFieldsValue(
        editing ? { name: editing.name, content: editing.content } : { name: '', content: '' },
      )
  }, [open, editing, form])
  const required = { required: true, whitespace: true, message: validationText('required') }
  return (
    <Modal
      open={open}
      title={editing ? t('merchants.templates.edit') : t('merchants.templates.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      forceRender
      okButtonProps={{ 'data-testid': 'order-template-save' } as ButtonProps}
    >
      <Form
        form={form}
        layout="vertical"
        autoComplete="off"
        onFinish={(v) => onSubmit({ name: v.name.trim(), content: v.content.trim() })}
      >
        <Form.Item name="name" label={t('merchants.templates.name')} rules={[required]}>
          <Input maxLength={ORDER_TEMPLATE_NAME_MAX} showCount data-testid="order-template-name" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('merchants.templates.content')}
          rules={[required]}
          extra={t('merchants.templates.variablesHint')}
        >
          <Input.TextArea
            rows={5}
            maxLength={ORDER_TEMPLATE_CONTENT_MAX}
            showCount
            data-testid="order-template-content"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** Order templates of the tenant (with the message materials): the desk fills them for a chat. */
export function OrderTemplatesCard() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [query, setQuery] = useState({ pageNo: 1, pageSize: 10, name: '' })
  const [filterForm] = Form.useForm<{ name?: string }>()
  const [modal, setModal] = useState<{ open: boolean; editing: OrderTemplateView | null }>({
    open: false,
    editing: null,
  })
  const page = useQuery({
    queryKey: [...KEY, query],
    queryFn: () => pageOrderTemplates({ ...query, name: query.name || undefined }),
    placeholderData: keepPreviousData,
  })
  const refresh = () => qc.invalidateQueries({ queryKey: KEY })
  const save = useMutation({
    mutationFn: (input: OrderTemplateInput) =>
      modal.editing ? updateOrderTemplate(modal.editing.id, input) : createOrderTemplate(input),
    onSuccess: () => {
      message.success(t('common.saved'))
      setModal({ open: false, editing: null })
      void refresh()
    },
  })
  const remove = useMutation({ mutationFn: deleteOrderTemplate, onSuccess: () => void refresh() })
  const openCreate = () => setModal({ open: true, editing: null })
  return (
    <PageSection
      title={t('merchants.templates.tab')}
      testId="order-templates"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={openCreate} data-testid="order-template-add">
          {t('merchants.templates.add')}
        </Button>
      }
    >
      <FilterBar<{ name?: string }>
        form={filterForm}
        name="order-template-filters"
        onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, name: v.name?.trim() ?? '' }))}
        buttonTestIdPrefix="order-template-filter"
      >
        <FilterItem name="name" label={t('merchants.templates.name')}>
          <Input allowClear style={{ width: 200 }} placeholder={t('merchants.templates.searchName')} />
        </FilterItem>
      </FilterBar>
      <DataTable<OrderTemplateView>
        rowKey="id"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        empty={
          query.name ? (
            <NoMatches
              onClear={() => {
                filterForm.resetFields()
                setQuery((q) => ({ ...q, pageNo: 1, name: '' }))
              }}
            />
          ) : (
            <EmptyState
              title={t('merchants.templates.empty')}
              hint={t('merchants.templates.emptyHint')}
              action={{ label: t('merchants.templates.add'), onClick: openCreate }}
            />
          )
        }
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: page.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
        }}
        columns={[
          {
            key: 'name',
            title: t('merchants.templates.name'),
            dataIndex: 'name',
            width: 180,
            ellipsis: true,
          },
          {
            key: 'content',
            title: t('merchants.templates.content'),
            dataIndex: 'content',
            render: (c: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: c }} style={{ margin: 0 }}>
                {c}
              </Typography.Paragraph>
            ),
          },
          {
            key: 'updatedAt',
            title: t('merchants.templates.updatedAt'),
            dataIndex: 'updatedAt',
            width: 170,
            render: (v: number) => formatDate(v),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            actions: true,
            width: actionsWidth([t('common.edit'), t('common.delete')], { extra: 14 }),
            render: (_v, r) => (
              <Space size={4}>
                <Button size="small" onClick={() => setModal({ open: true, editing: r })}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirmTitle')}
                  description={t('common.deleteConfirmText')}
                  onConfirm={() => remove.mutateAsync(r.id)}
                >
                  <Button size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <TemplateModal
        open={modal.open}
        editing={modal.editing}
        saving={save.isPending}
        onSubmit={(input) => save.mutate(input)}
        onClose={() => setModal({ open: false, editing: null })}
      />
    </PageSection>
  )
}
