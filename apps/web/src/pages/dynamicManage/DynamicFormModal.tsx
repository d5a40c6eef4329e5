import { UploadOutlined } from '@ant-design/icons'
import {
  AccountState,
  DYNAMIC_COLORS,
  DYNAMIC_FONTS,
  DYNAMIC_KINDS,
  DYNAMIC_TEXT_MAX,
  type DynamicCreateBody,
  type DynamicKind,
  dynamicCreateBody,
} from '@app/core'
import { useQuery } from '@tanstack/react-query'
import {
  Button,
  type ButtonProps,
  DatePicker,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Typography,
  Upload,
} from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { listDeskAccounts } from '../../api/desk'
import { uploadMaterialFile } from '../../api/material'
import { validationText } from '../../i18n'
import { formatPhone } from '../../utils/format'

interface FormValues {
  kind: DynamicKind
  accountIds: number[]
  text?: string
  backgroundColor: string
  font: number
  when: 'now' | 'scheduled'
  scheduledAt?: Dayjs
}

/** The text, accounts and media checks the server makes, with its messages. */
const fieldRule = (field: 'accountIds' | 'text', kind: () => DynamicKind) => ({
  validator: async (_: unknown, value: unknown) => {
    const probe = dynamicCreateBody.safeParse({
      kind: kind(),
      accountIds: field === 'accountIds' ? (value ?? []) : [1],
      text: field === 'text' ? (value ?? '') : 'x',
      mediaId: 1,
    })
    const issue = probe.success ? undefined : probe.error.issues.find((i) => i.path[0] === field)
    if (issue) throw new Error(validationText(issue.message))
  },
})

export function DynamicFormModal({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean
  onClose: () => void
  onSubmit: (body: DynamicCreateBody) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<FormValues>()
  const kind = Form.useWatch('kind', form) ?? 'text'
  const when = Form.useWatch('when', form) ?? 'now'
  const color = Form.useWatch('backgroundColor', form) ?? DYNAMIC_COLORS[0]
  const [media, setMedia] = useState<{ id: number; name: string } | null>(null)
  const [mediaError, setMediaError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)
  const accounts = useQuery({ queryKey: ['dynamics', 'accounts'], queryFn: listDeskAccounts, enabled: open })

  const reset = () => {
    form.resetFields()
    setMedia(null)
    setMediaError(null)
  }

  const submit = async () => {
    const v = await form.validateFields()
    if (v.kind !== 'text' && !media) {
      setMediaError(validationText('dynamic.mediaRequired'))
      return
    }
    setSaving(true)
    try {
      await onSubmit({
        kind: v.kind,
        accountIds: v.accountIds,
        text: v.text?.trim() ?? '',
        ...(v.kind === 'text'
          ? { backgroundColor: v.backgroundColor, font: v.font }
          : { mediaId: media?.id }),
        ...(v.when === 'scheduled' && v.scheduledAt ? { scheduledAt: v.scheduledAt.valueOf() } : {}),
      })
      reset()
      onClose()
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('dynamics.form.title')}
      okText={t('dynamics.form.submit')}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={saving}
      onCancel={() => {
        reset()
        onClose()
      }}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'dynamic-submit' } as ButtonProps}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{
          kind: 'text',
          when: 'now',
          backgroundColor: DYNAMIC_COLORS[0],
          font: 0,
          accountIds: [],
        }}
      >
        <Form.Item name="kind" label={t('dynamics.form.kind')}>
          <Radio.Group
            optionType="button"
            options={DYNAMIC_KINDS.map((k) => ({ value: k, label: t(`dynamics.kinds.${k}`) }))}
            onChange={() => {
              setMedia(null)
              setMediaError(null)
            }}
            data-testid="dynamic-kind"
          />
        </Form.Item>
        <Form.Item
          name="accountIds"
          label={t('dynamics.form.accounts')}
          required
          rules={[fieldRule('accountIds', () => kind)]}
        >
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('dynamics.form.accountsPlaceholder')}
            loading={accounts.isLoading}
            options={(accounts.data ?? []).map((a) => ({
              value: a.id,
              label: `${formatPhone(a.phone) || `#${a.id}`}${a.status === AccountState.online ? '' : ` (${t(`account.states.${a.status}`)})`}`,
            }))}
            data-testid="dynamic-accounts"
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={kind === 'text' ? t('dynamics.form.text') : t('dynamics.form.caption')}
          required={kind === 'text'}
          rules={[fieldRule('text', () => kind)]}
        >
          <Input.TextArea
            rows={4}
            maxLength={DYNAMIC_TEXT_MAX}
            showCount
            placeholder={t('dynamics.form.textPlaceholder')}
            style={kind === 'text' ? { background: color, color: '#fff' } : undefined}
            data-testid="dynamic-text"
          />
        </Form.Item>
        {kind === 'text' ? (
          <>
            <Form.Item name="backgroundColor" label={t('dynamics.form.background')}>
              <Radio.Group>
                {DYNAMIC_COLORS.map((c) => (
                  <Radio.Button key={c} value={c} style={{ background: c, width: 36 }} aria-label={c}>
                    {' '}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
            <Form.Item name="font" label={t('dynamics.form.font')}>
              <Select
                style={{ width: 160 }}
                options={DYNAMIC_FONTS.map((n) => ({
                  value: n,
                  label: t('dynamics.form.fontOption', { n: n + 1 }),
                }))}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            label={t('dynamics.form.media')}
            required
            validateStatus={mediaError ? 'error' : undefined}
            help={
              mediaError ?? (kind === 'image' ? t('dynamics.form.imageHint') : t('dynamics.form.videoHint'))
            }
          >
            <Upload
              accept={kind === 'image' ? '.jpg,.jpeg,.png' : '.mp4'}
              showUploadList={false}
              customRequest={async ({ file, onSuccess, onError }) => {
                const f = file as File
                setUploading(true)
                setMediaError(null)
                try {
                  const r = await uploadMaterialFile(
                    f,
                    f.name,
                    kind === 'image' ? 'image' : 'video',
                    'message',
                  )
                  setMedia({ id: r.mediaId, name: f.name })
                  onSuccess?.(r)
                } catch (err) {
                  setMedia(null)
                  onError?.(err as Error)
                } finally {
                  setUploading(false)
                }
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                {t('dynamics.form.upload')}
              </Button>
            </Upload>
            {media ? (
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {t('dynamics.form.uploaded', { name: media.name })}
              </Typography.Text>
            ) : null}
          </Form.Item>
        )}
        <Form.Item name="when" label={t('dynamics.form.when')}>
          <Radio.Group
            options={[
              { value: 'now', label: t('dynamics.form.now') },
              { value: 'scheduled', label: t('dynamics.form.scheduled') },
            ]}
          />
        </Form.Item>
        {when === 'scheduled' ? (
          <Form.Item
            name="scheduledAt"
            label={t('dynamics.form.scheduledAt')}
            rules={[{ required: true, message: t('dynamics.form.scheduledRequired') }]}
          >
            <DatePicker
              showTime
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(new Date(), 'day')}
              data-testid="dynamic-scheduled-at"
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  )
}
