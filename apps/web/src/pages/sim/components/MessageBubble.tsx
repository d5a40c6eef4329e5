import {
  BarChartOutlined,
  CheckOutlined,
  EnvironmentOutlined,
  EyeInvisibleOutlined,
  FileOutlined,
  IdcardOutlined,
  PictureOutlined,
} from '@ant-design/icons'
import type { SimMessageView } from '@app/core'
import { Popconfirm, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'

const READ_BLUE = '#53bdeb'

/** WhatsApp's ticks on one's own messages: one grey (sent), two grey (delivered), two blue (read). */
function Ticks({ m }: { m: SimMessageView }) {
  const { t } = useTranslation()
  const read = m.status === 'read' || m.status === 'played'
  const double = m.status !== 'sent'
  return (
    <span
      title={t(`sim.ticks.${m.status}`)}
      aria-label={t(`sim.ticks.${m.status}`)}
      data-testid={`sim-tick-${m.id}`}
      data-status={m.status}
      style={{ color: read ? READ_BLUE : '#8696a0', marginLeft: 4, whiteSpace: 'nowrap' }}
    >
      <CheckOutlined />
      {double && <CheckOutlined style={{ marginLeft: -6 }} />}
    </span>
  )
}

function Content({ m }: { m: SimMessageView }) {
  const { t } = useTranslation()
  if (m.revoked)
    return (
      <Typography.Text type="secondary" italic>
        {t('sim.deleted')}
      </Typography.Text>
    )
  const caption = m.text ? (
    <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{m.text}</div>
  ) : null
  switch (m.kind) {
    case 'text':
      return caption
    case 'image':
    case 'sticker':
      return (
        <>
          <img
            src={m.mediaUrl}
            alt={t(`sim.kind.${m.kind}`)}
            style={{ maxWidth: 220, maxHeight: 220, borderRadius: 6, display: 'block' }}
          />
          {caption}
        </>
      )
    case 'video':
      return (
        <>
          <video src={m.mediaUrl} controls style={{ maxWidth: 220 }} />
          {caption}
        </>
      )
    case 'audio':
      return <audio src={m.mediaUrl} controls style={{ width: 220 }} />
    case 'document':
      return (
        <a href={m.mediaUrl} target="_blank" rel="noreferrer">
          <FileOutlined /> {m.fileName ?? t('sim.kind.document')}
          {caption}
        </a>
      )
    case 'location':
      return (
        <div>
          <EnvironmentOutlined style={{ color: '#e53935' }} />{' '}
          <strong>{m.location?.name ?? t('sim.kind.location')}</strong>
          {m.location?.address && <div style={{ fontSize: 12 }}>{m.location.address}</div>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {m.location?.latitude}, {m.location?.longitude}
          </Typography.Text>
        </div>
      )
    case 'contact':
      return (
        <div>
          <IdcardOutlined /> <strong>{m.contact?.name}</strong>
          {m.contact?.phone && <div style={{ fontSize: 12 }}>+{m.contact.phone}</div>}
        </div>
      )
    case 'viewOnce':
      return (
        <div>
          <EyeInvisibleOutlined /> {t('sim.viewOncePhoto')}
        </div>
      )
    case 'poll':
      return (
        <div>
          <BarChartOutlined /> <strong>{m.text}</strong>
          <ul style={{ margin: '2px 0 0', paddingLeft: 18 }}>
            {(m.poll?.options ?? []).map((o, i) => (
              // options have no id and keep their order
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i}>{o}</li>
            ))}
          </ul>
        </div>
      )
    case 'album':
      return (
        <div>
          <PictureOutlined /> {t('sim.kind.album')}
        </div>
      )
  }
}

/** One message as the phone shows it: whose, what, when, its ticks, and a delete (and an edit) for one's own. */
export function MessageBubble({
  m,
  showSender,
  onRevoke,
  onEdit,
}: {
  m: SimMessageView
  showSender: boolean
  onRevoke: (m: SimMessageView) => Promise<unknown>
  /** given when the message may still be edited */
  onEdit?: (m: SimMessageView) => void
}) {
  const { t } = useTranslation()
  return (
    <div style={{ display: 'flex', justifyContent: m.fromMe ? 'flex-end' : 'flex-start', margin: '4px 0' }}>
      <div
        data-testid={`sim-message-${m.id}`}
        data-kind={m.kind}
        style={{
          maxWidth: '75%',
          padding: '6px 9px',
          borderRadius: 8,
          background: m.fromMe ? '#d9fdd3' : '#fff',
          boxShadow: '0 1px 0.5px rgba(11,20,26,.13)',
        }}
      >
        {showSender && !m.fromMe && (
          <div style={{ color: '#1f7aec', fontSize: 12, fontWeight: 600 }}>{m.fromName}</div>
        )}
        <Content m={m} />
        {m.reactions.length > 0 && (
          <div style={{ fontSize: 13 }}>{m.reactions.map((r) => r.emoji).join(' ')}</div>
        )}
        <div style={{ textAlign: 'right', fontSize: 11, color: '#667781', marginTop: 2 }}>
          {m.fromMe && !m.revoked && (
            <Popconfirm title={t('sim.confirmRevoke')} onConfirm={() => onRevoke(m).catch(() => undefined)}>
              <Typography.Link style={{ fontSize: 11, marginRight: 6 }} data-testid={`sim-revoke-${m.id}`}>
                {t('sim.revoke')}
              </Typography.Link>
            </Popconfirm>
          )}
          {onEdit && !m.revoked && (
            <Typography.Link
              style={{ fontSize: 11, marginRight: 6 }}
              onClick={() => onEdit(m)}
              data-testid={`sim-edit-${m.id}`}
            >
              {t('sim.edit')}
            </Typography.Link>
          )}
          {m.edited && <span style={{ marginRight: 4 }}>{t('sim.edited')}</span>}
          {dayjs(m.timestamp).format('HH:mm')}
          {m.fromMe && !m.revoked && <Ticks m={m} />}
        </div>
      </div>
    </div>
  )
}
