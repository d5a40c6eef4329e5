import type { DiversionLinkView } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Flex, Modal, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { linkQr, linkUrl } from '../../../../api/diversion'

/** The link's QR code (drawn by the server, as for account login) and its address. */
export function QrModal({ link, onClose }: { link: DiversionLinkView | null; onClose: () => void }) {
  const { t } = useTranslation()
  const qr = useQuery({
    queryKey: ['diversion', 'qr', link?.id],
    queryFn: () => linkQr(link?.id ?? 0),
    enabled: link !== null,
  })
  return (
    <Modal
      open={link !== null}
      title={t('diversion.link.qrTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Flex vertical align="center" gap={12}>
        {qr.data ? (
          <img
            src={qr.data.dataUrl}
            alt={t('diversion.link.qr')}
            width={240}
            height={240}
            data-testid="diversion-qr"
          />
        ) : (
          <Spin />
        )}
        {link && <Typography.Text copyable>{linkUrl(link.code)}</Typography.Text>}
      </Flex>
    </Modal>
  )
}
