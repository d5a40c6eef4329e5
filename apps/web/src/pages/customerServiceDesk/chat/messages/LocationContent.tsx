import { EnvironmentFilled } from '@ant-design/icons'
import type { ChatMessageView } from '@app/core'
import { Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { osmLink, staticTiles, useMapTileUrl } from '../mapConfig'
import { metaNumber, metaString } from './format'

const VIEW = { width: 220, height: 120 }

/** A small map around the point (hidden when the tiles cannot load), its name, address and coordinates. */
export function LocationContent({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation()
  const [mapFailed, setMapFailed] = useState(false)
  // the tiles follow the server's setting once it is known
  useMapTileUrl()
  const lat = metaNumber(message.meta, 'latitude')
  const lng = metaNumber(message.meta, 'longitude')
  const name = message.body || metaString(message.meta, 'name')
  const address = metaString(message.meta, 'address')
  if (lat === undefined || lng === undefined)
    return <Typography.Text type="secondary">{t('chat.location.unknown')}</Typography.Text>
  const { tiles, px, py } = staticTiles(lat, lng)
  const href = osmLink(lat, lng)
  return (
    <div className="chat-location" data-testid="chat-location-message">
      {!mapFailed && (
        <a
          href={href}
          target="_blank"
          rel="noreferrer"
          className="chat-static-map"
          style={VIEW}
          aria-label={t('chat.location.openMap')}
        >
          <div style={{ position: 'absolute', left: VIEW.width / 2 - px, top: VIEW.height / 2 - py }}>
            {tiles.map((tile) => (
              <img
                key={tile.key}
                src={tile.src}
                alt=""
                width={256}
                height={256}
                style={{ position: 'absolute', left: tile.left, top: tile.top }}
                onError={() => setMapFailed(true)}
              />
            ))}
          </div>
          <EnvironmentFilled className="chat-static-map-pin" />
        </a>
      )}
      {name && <Typography.Text strong>{name}</Typography.Text>}
      {address && <Typography.Text type="secondary">{address}</Typography.Text>}
      <a href={href} target="_blank" rel="noreferrer" data-testid="chat-location-link">
        {lat.toFixed(6)}, {lng.toFixed(6)}
      </a>
    </div>
  )
}
