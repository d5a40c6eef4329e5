import type { SimFault, SimPhoneView } from '@app/core'
import { useMutation } from '@tanstack/react-query'
import { Button, Flex, Popconfirm, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { simFault } from '../../../api/sim'
import { feedback } from '../../../app/feedback'

/** A dropped network lasts this long, so the product's reconnect attempts can be watched. */
const OUTAGE_MS = 30_000

const CONFIRM: Record<SimFault, string> = {
  disconnect: 'sim.confirmDisconnect',
  pushOut: 'sim.confirmPushOut',
  ban: 'sim.confirmBan',
  unban: 'sim.confirmUnban',
  deviceRemoved: 'sim.confirmDeviceRemoved',
  requireUpdate: 'sim.confirmRequireUpdate',
  publishUpdate: 'sim.confirmPublishUpdate',
}

/** Faults of one of the product's numbers, each behind a confirmation. */
export function FaultActions({ phone, onDone }: { phone: SimPhoneView; onDone: () => void }) {
  const { t } = useTranslation()
  const run = useMutation({
    mutationFn: (fault: SimFault) =>
      simFault(phone.number, fault, fault === 'disconnect' ? OUTAGE_MS : undefined),
    onSuccess: (_r, fault) => {
      feedback().message.success({ content: t('sim.faultDone', { fault: t(`sim.${fault}`) }) })
      onDone()
    },
  })
  const faults: SimFault[] = phone.banned
    ? ['unban']
    : phone.updateRequired
      ? ['publishUpdate', 'ban']
      : phone.linked
        ? ['disconnect', 'pushOut', 'ban', 'deviceRemoved', 'requireUpdate']
        : ['ban']

  return (
    <Flex gap={6} wrap align="center">
      <Typography.Text type="secondary">{t('sim.faults')}</Typography.Text>
      {faults.map((f) => (
        <Popconfirm
          key={f}
          title={t(CONFIRM[f])}
          onConfirm={() => run.mutateAsync(f).catch(() => undefined)}
          okButtonProps={{ 'data-testid': `sim-fault-${f}-ok` }}
        >
          <Button
            size="small"
            danger={f !== 'unban' && f !== 'publishUpdate'}
            loading={run.isPending && run.variables === f}
            data-testid={`sim-fault-${f}`}
          >
            {t(`sim.${f}`)}
          </Button>
        </Popconfirm>
      ))}
    </Flex>
  )
}
