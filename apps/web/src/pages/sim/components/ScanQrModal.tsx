import type { SimPendingQr } from '@app/core'
import { useMutation } from '@tanstack/react-query'
import { Empty, Flex, Modal, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { scanQr } from '../../../api/sim'
import { feedback } from '../../../app/feedback'
import { usePendingQrs } from '../hooks'

/**
 * The phone's camera: the QR codes pending logins show on the accounts screen, as images.
 * Clicking one scans it with this phone and links the waiting account.
 */
export function ScanQrModal({
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
  const qrs = usePendingQrs(open)
  const scan = useMutation({
    mutationFn: (qr: SimPendingQr) => scanQr(phone, qr.qr),
    onSuccess: (r) => {
      feedback().message.success({ content: t('sim.linked', { phone: r.phone, id: r.accountId }) })
      onLinked()
      onClose()
    },
  })
  const list = qrs.data ?? []

  return (
    <Modal
      open={open}
      title={t('sim.scanQrTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph type="secondary">{t('sim.scanQrHelp', { phone })}</Typography.Paragraph>
      {qrs.isPending && <Spin />}
      {!qrs.isPending && list.length === 0 && <Empty description={t('sim.noQr')} data-testid="sim-no-qr" />}
      <Flex wrap gap={16}>
        {list.map((q) => (
          <button
            type="button"
            key={q.accountId}
            onClick={() => scan.mutate(q)}
            disabled={scan.isPending}
            data-testid={`sim-qr-${q.accountId}`}
            style={{
              border: '1px solid #d9d9d9',
              borderRadius: 8,
              background: '#fff',
              padding: 8,
              cursor: 'pointer',
            }}
          >
            <img
              src={q.qrDataUrl}
              alt={t('sim.qrCaption', { id: q.accountId, tenant: q.tenant ?? '-' })}
              width={180}
              height={180}
            />
            <Typography.Text style={{ display: 'block', fontSize: 12 }}>
              {t('sim.qrCaption', { id: q.accountId, tenant: q.tenant ?? '-' })}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('sim.qrExpires', { seconds: Math.max(0, Math.round((q.expiresAt - Date.now()) / 1000)) })}
            </Typography.Text>
          </button>
        ))}
      </Flex>
    </Modal>
  )
}
