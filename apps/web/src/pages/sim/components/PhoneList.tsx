import { PlusOutlined } from '@ant-design/icons'
import { checkSimPhone, normalizePhone, type SimPhoneView } from '@app/core'
import { useMutation } from '@tanstack/react-query'
import { Button, Empty, Flex, Form, Input, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { addSimPhone } from '../../../api/sim'
import { feedback } from '../../../app/feedback'
import { checkRule } from '../../../utils/formRules'
import { PhoneStatus } from './PhoneStatus'

interface Values {
  phone: string
  name?: string
}

/** The left column: every phone on the network, and a form to put a new one on it. */
export function PhoneList({
  phones,
  selected,
  onSelect,
  onChanged,
}: {
  phones: SimPhoneView[]
  selected: string
  onSelect: (phone: string) => void
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const add = useMutation({
    mutationFn: (v: Values) => addSimPhone(normalizePhone(v.phone.trim()), v.name?.trim() || undefined),
    onSuccess: (p) => {
      feedback().message.success({ content: t('sim.phoneAdded', { phone: p.number }) })
      form.resetFields()
      onChanged()
      onSelect(p.number)
    },
  })

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('sim.phones')}
      </Typography.Title>
      <Form<Values> form={form} onFinish={(v) => add.mutateAsync(v).catch(() => undefined)} size="small">
        <Form.Item name="phone" rules={[checkRule(checkSimPhone)]} style={{ marginBottom: 6 }}>
          <Input placeholder={t('sim.newPhone')} maxLength={30} data-testid="sim-new-phone-input" />
        </Form.Item>
        <Flex gap={6}>
          <Form.Item name="name" style={{ marginBottom: 0, flex: 1 }}>
            <Input placeholder={t('sim.newPhoneName')} maxLength={40} data-testid="sim-new-phone-name" />
          </Form.Item>
          <Button
            htmlType="submit"
            icon={<PlusOutlined />}
            loading={add.isPending}
            data-testid="sim-new-phone-add"
          >
            {t('sim.addPhone')}
          </Button>
        </Flex>
      </Form>
      <div style={{ flex: 1, overflowY: 'auto', minHeight: 0 }} data-testid="sim-phones">
        {phones.length === 0 && <Empty description={t('sim.noPhones')} />}
        {phones.map((p) => (
          <button
            type="button"
            key={p.number}
            onClick={() => onSelect(p.number)}
            data-testid={`sim-phone-${p.number}`}
            aria-pressed={p.number === selected}
            style={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              padding: '8px 10px',
              marginBottom: 4,
              border: '1px solid #f0f0f0',
              borderRadius: 8,
              cursor: 'pointer',
              background: p.number === selected ? '#e6f4ff' : '#fff',
            }}
          >
            <Typography.Text strong ellipsis style={{ display: 'block' }}>
              {p.name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              +{p.number}
            </Typography.Text>
            <PhoneStatus phone={p} />
          </button>
        ))}
      </div>
    </Flex>
  )
}
