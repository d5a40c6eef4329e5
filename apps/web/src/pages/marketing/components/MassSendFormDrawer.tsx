import { MASS_SEND_NAME_MAX, MassSendAudience, type MassSendAudienceValue } from '@app/core'
import { App, Button, Drawer, Flex, Form, Input } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createMassSend } from '../../../api/massSend'
import { useRevalidateOnLanguage } from '../../../hooks/useRevalidateOnLanguage'
import { validationText } from '../../../i18n'
import { MassSendAudienceFields } from './MassSendAudienceFields'
import {
  contractRules,
  initialMassSendValues,
  type MassSendFormValues,
  parseMassSendForm,
} from './MassSendForm'
import { MassSendPacingFields } from './MassSendPacingFields'
import { MassSendSentenceList } from './MassSendSentenceList'
import { MassSendSentencePreview } from './MassSendSentencePreview'

interface Props {
  open: boolean
  onClose: () => void
  onCreated: (taskId: number) => void
  /** the audiences offered for a personal task */
  personalAudiences?: MassSendAudienceValue[]
}

const PERSONAL: MassSendAudienceValue[] = [MassSendAudience.strangers, MassSendAudience.customers]

/**
 * A new mass-send task, in a drawer beside the list (spec §5 "Mass send"): every field is checked
 * with the contract's create schema, so the form and the server refuse the same things with the
 * same words; the body sent is the one the schema reads.
 */
export function MassSendFormDrawer({ open, onClose, onCreated, personalAudiences = PERSONAL }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<MassSendFormValues>()
  useRevalidateOnLanguage(form)
  const rule = useMemo(() => contractRules(() => form.getFieldsValue(true) as MassSendFormValues), [form])
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    try {
      await form.validateFields()
    } catch {
      return
    }
    const parsed = parseMassSendForm(form.getFieldsValue(true) as MassSendFormValues)
    if (!parsed.ok) {
      // an issue of a field not on screen
      message.error(validationText(parsed.issues[0]?.message ?? 'invalid'))
      return
    }
    setBusy(true)
    try {
      const { id } = await createMassSend(parsed.body)
      message.success(t('massSend.created'))
      onCreated(id)
      onClose()
    } catch {
      // the request client showed the server's reason; the form stays as it was
    } finally {
      setBusy(false)
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('massSend.form.title')}
      size={780}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="mass-send-submit">
            {t('massSend.form.submit')}
          </Button>
        </Flex>
      }
      data-testid="mass-send-form"
    >
      <Form<MassSendFormValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={initialMassSendValues(personalAudiences[0] ?? MassSendAudience.customers)}
      >
        <Form.Item name="name" label={t('massSend.form.name')} required rules={[rule(['name'])]}>
          <Input showCount maxLength={MASS_SEND_NAME_MAX} data-testid="mass-send-name" />
        </Form.Item>
        <MassSendAudienceFields form={form} rule={rule} personalAudiences={personalAudiences} />
        <Form.Item
          name="sentences"
          label={t('massSend.form.sentences')}
          required
          rules={[rule(['sentences'])]}
        >
          <MassSendSentenceList />
        </Form.Item>
        <MassSendSentencePreview />
        <MassSendPacingFields form={form} rule={rule} />
      </Form>
    </Drawer>
  )
}
