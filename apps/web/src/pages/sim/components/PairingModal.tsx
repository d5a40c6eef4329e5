import { useMutation } from '@tanstack/react-query'
import { Button, Form, Input, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { enterPairingCode } from '../../../api/sim'
import { feedback } from '../../../app/feedback'

const CODE_RE = /^[A-Za-z0-9]{8}$/
const clean = (v: string | undefined) => (v ?? '').replace(/[\s-]/g, '')

/** The phone's "link with phone number" screen: type the 8-character code the product shows. */
export function PairingModal({
  phone,
  open,
  onClose,
  onLinked,
}: {
  phone: string
  open: boolean
  onClose: () => void
  onLinked: () => void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ code: string }>()
  const pair = useMutation({
    mutationFn: (code: string) => enterPairingCode(phone, code),
    onSuccess: (r) => {
      feedback().message.success({ content: t('sim.linked', { phone: r.phone, id: r.accountId }) })
      form.resetFields()
      onLinked()
      onClose()
    },
  })

  return (
    <Modal open={open} title={t('sim.pairingTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('sim.pairingHelp', { phone })}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => pair.mutateAsync(clean(v.code)).catch(() => undefined)}
      >
        <Form.Item
          name="code"
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                if (!CODE_RE.test(clean(v))) throw new Error(t('sim.pairingInvalid'))
              },
            },
          ]}
        >
          <Input
            placeholder={t('sim.pairingPlaceholder')}
            maxLength={12}
            style={{ width: 200, fontFamily: 'monospace', textTransform: 'uppercase' }}
            data-testid="sim-pairing-input"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={pair.isPending} data-testid="sim-pairing-submit">
          {t('sim.pairingSubmit')}
        </Button>
      </Form>
    </Modal>
  )
}
