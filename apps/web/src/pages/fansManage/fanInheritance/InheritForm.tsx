import {
  type DeskAccountView,
  type FanInheritanceView,
  INHERIT_MODES,
  InheritMode,
  type InheritModeValue,
  type InheritSourceView,
  type LabelView,
} from '@app/core'
import { Alert, App, Button, type ButtonProps, Form, Radio, Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { inheritFans } from '../../../api/fanInheritance'
import { formatPhone } from '../../../utils/format'
import { FanPicker } from './FanPicker'

interface Values {
  accountId?: number
  toAccountId?: number
  mode: InheritModeValue
  fanIds?: number[]
  labelIds?: number[]
}

const phoneOf = (a: { id: number; phone: string | null }) => formatPhone(a.phone) || `#${a.id}`

/**
 * Choose the lost account, the receiving account and how the fans are chosen (one by one, by
 * label, all), then hand them over. The receiver is any other live account that is not banned;
 * it need not be online (its fans and sessions wait for it).
 */
export function InheritForm({
  sources,
  targets,
  labels,
  onDone,
}: {
  sources: InheritSourceView[]
  targets: DeskAccountView[]
  labels: LabelView[]
  onDone: (record: FanInheritanceView) => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const accountId = Form.useWatch('accountId', form)
  const mode = Form.useWatch('mode', form) ?? InheritMode.all
  const source = sources.find((s) => s.id === accountId)

  const submit = async (v: Values) => {
    if (v.accountId === undefined || v.toAccountId === undefined) return
    setBusy(true)
    try {
      const record = await inheritFans({
        accountId: v.accountId,
        toAccountId: v.toAccountId,
        mode: v.mode,
        ...(v.mode === InheritMode.fans ? { fanIds: v.fanIds ?? [] } : {}),
        ...(v.mode === InheritMode.label ? { labelIds: v.labelIds ?? [] } : {}),
      })
      message.success(t('inheritance.form.done', { moved: record.moved, repeat: record.repeat }))
      form.setFieldsValue({ fanIds: [], labelIds: [] })
      onDone(record)
    } catch {
      // told by the request client
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ mode: InheritMode.all }}
      onFinish={(v) => void submit(v)}
      onValuesChange={(changed: Partial<Values>) => {
        // another source: its fans and the receiver chosen for the old one no longer apply
        if ('accountId' in changed) form.setFieldsValue({ fanIds: [], toAccountId: undefined })
      }}
      style={{ maxWidth: 640 }}
      data-testid="inherit-form"
    >
      {sources.length === 0 ? (
        <Alert type="info" showIcon title={t('inheritance.form.noSources')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        name="accountId"
        label={t('inheritance.form.source')}
        rules={[{ required: true, message: t('inheritance.form.sourceRequired') }]}
      >
        <Select
          placeholder={t('inheritance.form.sourcePlaceholder')}
          data-testid="inherit-source"
          options={sources.map((s) => ({
            value: s.id,
            label: `${phoneOf(s)} · ${t(`inheritance.states.${s.state}`)} · ${t('inheritance.form.fanCount', { count: s.fanCount })}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="toAccountId"
        label={t('inheritance.form.target')}
        rules={[{ required: true, message: t('inheritance.form.targetRequired') }]}
      >
        <Select
          placeholder={t('inheritance.form.targetPlaceholder')}
          data-testid="inherit-target"
          options={targets
            .filter((a) => a.id !== accountId && a.status !== 'banned')
            .map((a) => ({
              value: a.id,
              label: `${phoneOf(a)} · ${t(`inheritance.accountStatus.${a.status}`)}`,
            }))}
        />
      </Form.Item>
      <Form.Item name="mode" label={t('inheritance.form.mode')}>
        <Radio.Group
          optionType="button"
          data-testid="inherit-mode"
          options={INHERIT_MODES.map((m) => ({
            value: m,
            label: <span data-testid={`inherit-mode-${m}`}>{t(`inheritance.form.modes.${m}`)}</span>,
          }))}
        />
      </Form.Item>
      {mode === InheritMode.fans ? (
        <Form.Item
          name="fanIds"
          label={t('inheritance.form.fans')}
          rules={[{ required: true, type: 'array', min: 1, message: t('inheritance.form.fansRequired') }]}
        >
          <FanPicker accountId={accountId} />
        </Form.Item>
      ) : null}
      {mode === InheritMode.label ? (
        <Form.Item
          name="labelIds"
          label={t('inheritance.form.labels')}
          rules={[{ required: true, type: 'array', min: 1, message: t('inheritance.form.labelsRequired') }]}
        >
          <Select
            mode="multiple"
            placeholder={t('inheritance.form.labelsPlaceholder')}
            data-testid="inherit-labels"
            showSearch={{ optionFilterProp: 'label' }}
            options={labels.map((l) => ({ value: l.id, label: l.name }))}
          />
        </Form.Item>
      ) : null}
      {mode === InheritMode.all && source ? (
        <Typography.Paragraph type="secondary" data-testid="inherit-all-hint">
          {t('inheritance.form.allHint', { count: source.fanCount })}
        </Typography.Paragraph>
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        loading={busy}
        {...({ 'data-testid': 'inherit-submit' } as ButtonProps)}
      >
        {t('inheritance.form.submit')}
      </Button>
    </Form>
  )
}
