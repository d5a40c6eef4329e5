import { checkDeleteReason, INVALID_DELETE_REASON_MAX } from '@app/core'
import { type ButtonProps, Form, Input, Modal, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { validationText } from '../../../i18n'
import type { DeskRow } from './sessionCache'

/** The word the user types to confirm a deletion. */
const CONFIRM_WORD = 'del'

interface Values {
  reason: string
  confirm: string
}

/**
 * Delete an invalid customer's chat: a reason (required, at most 50) and the word
 * `del` typed to confirm. A deletion record is kept. Shared by the desk and the supervisor's
 * invalid-customer list.
 */
export function DeleteSessionModal<T extends Pick<DeskRow, 'title'>>({
  session,
  onClose,
  onDelete,
}: {
  session: T | null
  onClose: () => void
  onDelete: (session: T, reason: string) => Promise<void>
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const open = session !== null

  useEffect(() => {
    if (open) form.resetFields()
  }, [open, form])

  const submit = async () => {
    if (!session) return
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setBusy(true)
    try {
      await onDelete(session, values.reason.trim())
    } catch {
      // told by the request client; the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('desk.remove.title', { name: session?.title ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'desk-delete-submit' } as ButtonProps}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('desk.remove.text')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ reason: '', confirm: '' }}>
        <Form.Item
          name="reason"
          label={t('desk.remove.reason')}
          required
          rules={[
            {
              // the endpoint's own rule and words
              validator: (_, v: string | undefined) => {
                const key = checkDeleteReason(v)
                return key ? Promise.reject(new Error(validationText(key))) : Promise.resolve()
              },
            },
          ]}
        >
          <Input.TextArea
            rows={2}
            showCount
            maxLength={INVALID_DELETE_REASON_MAX}
            data-testid="desk-delete-reason"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('desk.remove.typeDel', { word: CONFIRM_WORD })}
          rules={[
            {
              validator: (_, v: string) =>
                v?.trim() === CONFIRM_WORD
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('desk.remove.typeDelWrong', { word: CONFIRM_WORD }))),
            },
          ]}
        >
          <Input placeholder={CONFIRM_WORD} autoComplete="off" data-testid="desk-delete-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
