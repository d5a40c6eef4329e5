import { GlobalOutlined, LinkOutlined, QrcodeOutlined } from '@ant-design/icons'
import type { SimPhoneView } from '@app/core'
import { Button, Empty, Flex, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useChats } from '../hooks'
import { AddressingActions } from './AddressingActions'
import { ChatList } from './ChatList'
import { ChatView } from './ChatView'
import { FaultActions } from './FaultActions'
import { PairingModal } from './PairingModal'
import { PhoneStatus } from './PhoneStatus'
import { ScanQrModal } from './ScanQrModal'
import { VisitLinkModal } from './VisitLinkModal'

/**
 * The phone in hand: linking (QR, pairing code), faults for the product's numbers, a customer's
 * visit to a diversion link, chats.
 */
export function PhonePanel({
  phone,
  peer,
  phones,
  onPeer,
  onChanged,
}: {
  phone: SimPhoneView
  peer: string
  phones: SimPhoneView[]
  onPeer: (peer: string) => void
  onChanged: () => void
}) {
  const { t } = useTranslation()
  const [dialog, setDialog] = useState<'qr' | 'pairing' | 'visit' | null>(null)
  const chats = useChats(phone.number)
  const chat = chats.data?.find((c) => c.peer === peer)
  const peerPhone = phones.find((p) => p.number === peer)
  const other = phones.find((p) => p.number !== phone.number && p.number !== peer && p.registered)

  return (
    <Flex vertical gap={12} style={{ height: '100%', minHeight: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="sim-current-phone">
            {phone.name} <Typography.Text type="secondary">+{phone.number}</Typography.Text>
          </Typography.Title>
          <PhoneStatus phone={phone} />
        </div>
        <Flex gap={8} wrap>
          {phone.isAccount ? null : (
            <Button icon={<GlobalOutlined />} onClick={() => setDialog('visit')} data-testid="sim-visit">
              {t('sim.visitLink')}
            </Button>
          )}
          <Button icon={<QrcodeOutlined />} onClick={() => setDialog('qr')} data-testid="sim-scan-qr">
            {t('sim.scanQr')}
          </Button>
          <Button icon={<LinkOutlined />} onClick={() => setDialog('pairing')} data-testid="sim-pairing">
            {t('sim.pairingCode')}
          </Button>
        </Flex>
      </Flex>
      {phone.isAccount ? (
        <FaultActions phone={phone} onDone={onChanged} />
      ) : (
        <AddressingActions phone={phone} onDone={onChanged} />
      )}
      <Flex gap={12} style={{ flex: 1, minHeight: 0 }}>
        <div style={{ width: 280, flexShrink: 0, minHeight: 0 }}>
          <ChatList phone={phone.number} peer={peer} phones={phones} onOpen={onPeer} />
        </div>
        <div
          style={{
            flex: 1,
            minWidth: 0,
            minHeight: 0,
            border: '1px solid #f0f0f0',
            borderRadius: 8,
            overflow: 'hidden',
          }}
        >
          {peer ? (
            <ChatView
              key={`${phone.number}|${peer}`}
              phone={phone.number}
              peer={peer}
              title={chat?.title ?? peerPhone?.name ?? `+${peer}`}
              member={chat?.member ?? true}
              unread={chat?.unread ?? 0}
              contact={other ? { name: other.name, phone: other.number } : null}
              onChanged={onChanged}
              onLeft={() => onPeer('')}
            />
          ) : (
            <Flex align="center" justify="center" style={{ height: '100%' }}>
              <Empty description={t('sim.pickChat')} />
            </Flex>
          )}
        </div>
      </Flex>
      <ScanQrModal
        phone={phone.number}
        open={dialog === 'qr'}
        onClose={() => setDialog(null)}
        onLinked={onChanged}
      />
      <PairingModal
        phone={phone.number}
        open={dialog === 'pairing'}
        onClose={() => setDialog(null)}
        onLinked={onChanged}
      />
      <VisitLinkModal
        phone={phone.number}
        open={dialog === 'visit'}
        onClose={() => setDialog(null)}
        onVisited={(r) => {
          onChanged()
          onPeer(r.account)
        }}
      />
    </Flex>
  )
}
