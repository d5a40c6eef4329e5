import { PlusOutlined } from '@ant-design/icons'
import { minutesToClock, type NurturingProgressView, type NurturingRuleView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Form, Modal, Popconfirm, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { queryTenants } from '../../../api/platform'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState } from '../../../components/page/EmptyState'
import { PageFrame, PageSection } from '../../../components/page/PageFrame'
import { actionsWidth, type PageColumn } from '../../../components/page/tableColumns'
import { createRule, deleteRule, pageProgress, pageRules, updateRule } from '../api'
import { type FormValues, RuleForm } from './RuleForm'
import { useProgressColumns } from './useProgressColumns'

const toMinutes = (d: Dayjs) => d.hour() * 60 + d.minute()
const fromMinutes = (m: number) => dayjs().startOf('day').add(m, 'minute')

/** /accountNurturingManage/rule (admin): rules of which tenants' new accounts are nurtured, and each account's progress. */
export default function NurturingRulePage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const offset = -new Date().getTimezoneOffset()
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 })
  const [progressPaging, setProgressPaging] = useState({ pageNo: 1, pageSize: 10 })
  const [editing, setEditing] = useState<NurturingRuleView | null>(null)
  const [open, setOpen] = useState(false)
  const [form] = Form.useForm<FormValues>()
  const [keyword, setKeyword] = useState('')
  const tenants = useQuery({
    queryKey: ['nurturing', 'tenants', keyword],
    queryFn: () => queryTenants({ pageNo: 1, pageSize: 50, keyword: keyword.trim() || undefined }),
    enabled: open,
    placeholderData: keepPreviousData,
  })
  // the chosen tenants stay named while a search shows others
  const tenantOptions = [
    ...(editing?.tenants ?? []).map((x) => ({ value: x.id, label: x.name })),
    ...(tenants.data?.list ?? []).map((x) => ({
      value: x.tenantId,
      label: `${x.tenantName} (${x.enterpriseAccount})`,
    })),
  ].filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i)

  const rules = useQuery({
    queryKey: ['nurturing', 'rules', paging],
    queryFn: () => pageRules(paging),
    placeholderData: keepPreviousData,
  })
  const progress = useQuery({
    queryKey: ['nurturing', 'progress', progressPaging],
    queryFn: () => pageProgress(progressPaging),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['nurturing'] })
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = {
        name: v.name,
        tenantIds: v.tenantIds,
        language: v.language,
        days: v.days,
        perDay: v.perDay,
        activeFrom: toMinutes(v.from),
        activeTo: toMinutes(v.to),
        utcOffset: v.utcOffset,
        enabled: v.enabled,
      }
      return editing ? updateRule({ ...body, id: editing.id }) : createRule(body)
    },
    onSuccess: () => {
      message.success(t('common.saved'))
      setOpen(false)
      return refresh()
    },
  })
  const remove = useMutation({
    mutationFn: deleteRule,
    onSuccess: () => {
      message.success(t('common.deleted'))
      return refresh()
    },
  })

  const openForm = (row: NurturingRuleView | null) => {
    setEditing(row)
    form.setFieldsValue(
      row
        ? {
            name: row.name,
            tenantIds: row.tenants.map((x) => x.id),
            language: row.language,
            days: row.days,
            perDay: row.perDay,
            from: fromMinutes(row.activeFrom),
            to: fromMinutes(row.activeTo),
            utcOffset: row.utcOffset,
            enabled: row.enabled,
          }
        : {
            name: '',
            tenantIds: [],
            language: 'en',
            days: 7,
            perDay: 20,
            from: fromMinutes(9 * 60),
            to: fromMinutes(21 * 60),
            utcOffset: offset,
            enabled: true,
          },
    )
    setOpen(true)
  }

  const ruleColumns: PageColumn<NurturingRuleView>[] = [
    { key: 'name', title: t('nurturing.rule.name'), dataIndex: 'name', width: 160, alwaysShown: true },
    {
      key: 'tenants',
      title: t('nurturing.rule.tenants'),
      dataIndex: 'tenants',
      render: (v: NurturingRuleView['tenants']) => v.map((x) => <Tag key={x.id}>{x.name}</Tag>),
    },
    {
      key: 'language',
      title: t('nurturing.rule.language'),
      dataIndex: 'language',
      width: 110,
      render: (l: string) => t(`nurturing.languages.${l}`),
    },
    { key: 'days', title: t('nurturing.rule.days'), dataIndex: 'days', width: 90 },
    { key: 'perDay', title: t('nurturing.rule.perDay'), dataIndex: 'perDay', width: 120 },
    {
      key: 'hours',
      title: t('nurturing.rule.hours'),
      width: 130,
      render: (_, r) => `${minutesToClock(r.activeFrom)}–${minutesToClock(r.activeTo)}`,
    },
    { key: 'accounts', title: t('nurturing.rule.accounts'), dataIndex: 'accounts', width: 90 },
    {
      key: 'enabled',
      title: t('nurturing.rule.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      actions: true,
      width: actionsWidth([t('common.edit'), t('common.delete')]),
      render: (_, row) => (
        <Flex gap={4} wrap={false}>
          <Button type="link" size="small" onClick={() => openForm(row)}>
            {t('common.edit')}
          </Button>
          <Popconfirm title={t('nurturing.rule.deleteConfirm')} onConfirm={() => remove.mutateAsync(row.id)}>
            <Button type="link" size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ]
  const progressColumns = useProgressColumns(offset)
  const openCreate = () => openForm(null)

  return (
    <PageFrame
      title={t('menu.nurturingRule')}
      sections
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={openCreate}
          data-testid="nurturing-rule-create"
        >
          {t('nurturing.rule.create')}
        </Button>
      }
    >
      <PageSection>
        <DataTable<NurturingRuleView>
          rowKey="id"
          loading={rules.isFetching && !rules.data}
          dataSource={rules.data?.list ?? []}
          columns={ruleColumns}
          empty={
            <EmptyState
              title={t('nurturing.rule.empty')}
              hint={t('nurturing.rule.emptyHint')}
              action={{ label: t('nurturing.rule.create'), onClick: openCreate }}
              testId="nurturing-rules-empty"
            />
          }
          data-testid="nurturing-rules"
          pagination={{
            current: paging.pageNo,
            pageSize: paging.pageSize,
            total: rules.data?.total ?? 0,
            onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
          }}
        />
      </PageSection>
      <PageSection title={t('nurturing.progress.title')}>
        <DataTable<NurturingProgressView>
          rowKey="accountId"
          loading={progress.isFetching && !progress.data}
          dataSource={progress.data?.list ?? []}
          columns={progressColumns}
          empty={
            <EmptyState
              title={t('nurturing.progress.empty')}
              hint={t('nurturing.progress.emptyHint')}
              testId="nurturing-progress-empty"
            />
          }
          data-testid="nurturing-progress"
          pagination={{
            current: progressPaging.pageNo,
            pageSize: progressPaging.pageSize,
            total: progress.data?.total ?? 0,
            onChange: (pageNo, pageSize) => setProgressPaging({ pageNo, pageSize }),
          }}
        />
      </PageSection>
      <Modal
        open={open}
        title={editing ? t('nurturing.rule.edit') : t('nurturing.rule.create')}
        onCancel={() => setOpen(false)}
        onOk={() =>
          form
            .validateFields()
            .then((v) => save.mutateAsync(v))
            .catch(() => undefined)
        }
        confirmLoading={save.isPending}
        destroyOnHidden
        forceRender
        width={600}
      >
        <RuleForm
          form={form}
          tenantOptions={tenantOptions}
          tenantsLoading={tenants.isFetching}
          onTenantSearch={setKeyword}
        />
      </Modal>
    </PageFrame>
  )
}
