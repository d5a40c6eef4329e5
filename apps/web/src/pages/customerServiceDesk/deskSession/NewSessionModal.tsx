import {
  AccountState,
  checkSessionPhone,
  type DeskSessionView,
  ErrorCode,
  type ErrorCodeValue,
  errorMessage,
  normalizePhone,
  sessionCreateBody,
} from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Alert, type ButtonProps, Form, Input, Modal, Select } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createSession, listDeskAccounts } from '../../../api/desk'
import { ApiError } from '../../../api/request'
import { currentLanguage, validationText } from '../../../i18n'
import { deskKeys } from '../queryKeys'

interface Values {
  phone: string
  accountId?: number
}

/** Server answers shown under the phone field as well as in the toast. */
const PHONE_ERRORS: readonly number[] = [ErrorCode.invalidPhone, ErrorCode.phoneNotOnWhatsApp]

/**
 * The endpoint's checks in its order, with its words: the body's field (required), then 9–20
 * digits once spaces, +, - and brackets are dropped (the invalid-phone refusal).
 */
function phoneError(value: string | undefined): string | null {
  const field = sessionCreateBody.shape.phone.safeParse(value ?? '')
  if (!field.success) return validationText(field.error.issues[0]?.message ?? 'invalid')
  if (checkSessionPhone(normalizePhone(field.data)))
    return errorMessage(ErrorCode.invalidPhone, currentLanguage())
  return null
}

/**
 * A new personal session by phone number. The server asks WhatsApp whether the number exists
 * first; with several online WS accounts the user picks the one to chat from. An existing
 * session of that number is opened instead.
 */
export function NewSessionModal({
  open,
  onClose,
  onCreated,
  onExisting,
}: {
  open: boolean
  onClose: () => void
  onCreated: (session: DeskSessionView) => void
  onExisting: (sessionId: number) => void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const accounts = useQuery({ queryKey: deskKeys.accounts, queryFn: listDeskAccounts, enabled: open })
  const online = (accounts.data ?? []).filter((a) => a.status === AccountState.online)
  const choose = online.length > 1

  useEffect(() => {
    if (open) form.resetFields()
  }, [open, form])

  const submit = async () => {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setBusy(true)
    try {
      const phone = normalizePhone(values.phone)
      const accountId = choose ? values.accountId : online[0]?.id
      const { session } = await createSession(phone, accountId)
      onCreated(session)
    } catch (error) {
      if (!(error instanceof ApiError)) return
      const existing = (error.data as { sessionId?: unknown } | undefined)?.sessionId
      if (error.code === ErrorCode.sessionExists && typeof existing === 'number') {
        onExisting(existing)
        return
      }
      if (PHONE_ERRORS.includes(error.code)) {
        form.setFields([
          { name: 'phone', errors: [errorMessage(error.code as ErrorCodeValue, currentLanguage())] },
        ])
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('desk.create.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('desk.create.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'desk-new-session-submit' } as ButtonProps}
      forceRender
    >
      {accounts.isSuccess && online.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={errorMessage(ErrorCode.noOnlineAccount, currentLanguage())}
          data-testid="desk-new-session-no-account"
        />
      ) : null}
      <Form form={form} layout="vertical" initialValues={{ phone: '' }} onFinish={() => void submit()}>
        <Form.Item
          name="phone"
          label={t('desk.create.phone')}
          extra={busy ? t('desk.create.checking') : t('desk.create.phoneHint')}
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const message = phoneError(v)
                return message ? Promise.reject(new Error(message)) : Promise.resolve()
              },
            },
          ]}
        >
          <Input
            placeholder={t('desk.create.phonePlaceholder')}
            inputMode="tel"
            autoComplete="off"
            maxLength={40}
            data-testid="desk-new-session-phone"
            onPressEnter={() => void submit()}
          />
        </Form.Item>
        {choose ? (
          <Form.Item
            name="accountId"
            label={t('desk.create.account')}
            rules={[{ required: true, message: t('desk.create.accountRequired') }]}
          >
            <Select
              placeholder={t('desk.create.accountPlaceholder')}
              options={online.map((a) => ({
                value: a.id,
                label: `+${a.phone ?? ''}${a.remark ? ` (${a.remark})` : ''}`,
              }))}
              data-testid="desk-new-session-account"
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  )
}
