import { SIM_ADDRESSINGS, type SimAddressingValue, type SimPhoneView } from '@app/core'
import { useMutation } from '@tanstack/react-query'
import { Button, Flex, Popconfirm, Segmented, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { revealSimPhone, setSimAddressing } from '../../../api/sim'
import { feedback } from '../../../app/feedback'

/**
 * A customer's number as WhatsApp shows it to the product's accounts: by phone, or by hidden id
 * (with the phone alongside, or left out: the desk then says "number hidden by WhatsApp"), and
 * the phone revealed later to the accounts it chats with (their customers become one).
 */
export function AddressingActions({ phone, onDone }: { phone: SimPhoneView; onDone: () => void }) {
  const { t } = useTranslation()
  const set = useMutation({
    mutationFn: (addressing: SimAddressingValue) => setSimAddressing(phone.number, addressing),
    onSuccess: onDone,
  })
  const reveal = useMutation({
    mutationFn: () => revealSimPhone(phone.number),
    onSuccess: () => {
      feedback().message.success({ content: t('sim.addressing.revealed') })
      onDone()
    },
  })
  return (
    <Flex gap={6} wrap align="center" data-testid="sim-addressing">
      <Typography.Text type="secondary">{t('sim.addressing.title')}</Typography.Text>
      <Segmented<SimAddressingValue>
        size="small"
        value={phone.addressing}
        disabled={set.isPending}
        options={SIM_ADDRESSINGS.map((a) => ({ value: a, label: t(`sim.addressing.${a}`) }))}
        onChange={(a) => set.mutate(a)}
        data-testid="sim-addressing-mode"
      />
      {phone.addressing !== 'phone' && (
        <Popconfirm
          title={t('sim.addressing.confirmReveal')}
          onConfirm={() => reveal.mutateAsync().catch(() => undefined)}
          okButtonProps={{ 'data-testid': 'sim-addressing-reveal-ok' }}
        >
          <Button size="small" loading={reveal.isPending} data-testid="sim-addressing-reveal">
            {t('sim.addressing.reveal')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  )
}
