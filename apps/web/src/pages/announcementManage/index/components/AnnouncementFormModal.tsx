import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type Announcement,
  AnnouncementStatus,
  announcementBody,
} from '@app/core'
import { type ButtonProps, Form, Input, Modal, Switch } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AnnouncementInput } from '../../../../api/announcement'
import { useRevalidateOnLanguage } from '../../../../hooks/useRevalidateOnLanguage'
import { zodRule } from '../../../../utils/formRules'

interface Values {
  title: string
  content: string
  enabled: boolean
}

interface Props {
  open: boolean
  /** The announcement being edited; none to create one. */
  editing: Announcement | null
  onClose: () => void
  onSubmit: (input: AnnouncementInput) => Promise<unknown>
}

/** Create or edit an announcement: title ≤ 100, content ≤ 5000, shown or not. */
export function AnnouncementFormModal({ open, editing, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    form.setFieldsValue(
      editing
        ? {
            title: editing.title,
            content: editing.content,
            enabled: editing.status === AnnouncementStatus.enabled,
          }
        : { title: '', content: '', enabled: true },
    )
  }, [open, editing, form])

  const submit = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      await onSubmit({
        title: values.title.trim(),
        content: values.content.trim(),
        status: values.enabled ? AnnouncementStatus.enabled : AnnouncementStatus.disabled,
      })
      onClose()
    } catch {
      // shown by the request client; the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={editing ? t('announcement.editTitle') : t('announcement.createTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'announcement-save' } as ButtonProps}
      width={640}
      forceRender
      modalRender={(node) => <div data-testid="announcement-dialog">{node}</div>}
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="title"
          label={t('announcement.title')}
          required
          rules={[zodRule(announcementBody.shape.title)]}
        >
          <Input
            maxLength={ANNOUNCEMENT_TITLE_MAX}
            showCount
            placeholder={t('announcement.titlePlaceholder')}
            data-testid="announcement-title"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('announcement.content')}
          required
          rules={[zodRule(announcementBody.shape.content)]}
        >
          <Input.TextArea
            rows={8}
            maxLength={ANNOUNCEMENT_CONTENT_MAX}
            showCount
            placeholder={t('announcement.contentPlaceholder')}
            data-testid="announcement-content"
          />
        </Form.Item>
        <Form.Item
          name="enabled"
          label={t('announcement.status')}
          valuePropName="checked"
          extra={t('announcement.enabledHint')}
        >
          <Switch
            checkedChildren={t('announcement.statusEnabled')}
            unCheckedChildren={t('announcement.statusDisabled')}
            data-testid="announcement-status"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
