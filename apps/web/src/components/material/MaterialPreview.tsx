import { DownloadOutlined, IdcardOutlined, PaperClipOutlined } from '@ant-design/icons'
import type { MaterialContent, MaterialTypeValue, MaterialView } from '@app/core'
import { Avatar, Flex, Image, Skeleton, Typography } from 'antd'
import type { TFunction } from 'i18next'
import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes, formatSeconds, TYPE_ICONS } from './materialTypes'
import { useMaterialFileUrl } from './useMaterialFile'

type Previewable = Pick<MaterialView, 'id' | 'type' | 'name' | 'content' | 'media'>

interface MediaProps {
  type: MaterialTypeValue
  mime: string | null
  url: string | null
  loading?: boolean
  fileName?: string
  size?: number
  /** smaller players for lists and cards */
  compact?: boolean
}

const frame = (compact?: boolean): CSSProperties => ({
  width: 'auto',
  height: 'auto',
  maxWidth: '100%',
  maxHeight: compact ? 180 : 360,
  objectFit: 'contain',
  borderRadius: 6,
  background: '#f5f5f5',
  display: 'block',
})

/** An image, GIF, video or voice player, or a file to download, from an object URL. */
export function MediaView({ type, mime, url, loading, fileName, size, compact }: MediaProps) {
  const { t } = useTranslation()
  if (loading) return <Skeleton.Image active />
  if (type === 'file') {
    return (
      <Flex align="center" gap={8} data-testid="preview-file">
        <PaperClipOutlined style={{ fontSize: 20 }} />
        <Flex vertical>
          <Typography.Text ellipsis style={{ maxWidth: 260 }}>
            {fileName ?? t('material.file')}
          </Typography.Text>
          {size !== undefined && <Typography.Text type="secondary">{formatBytes(size)}</Typography.Text>}
        </Flex>
        {url && (
          <a href={url} download={fileName} aria-label={t('material.download')}>
            <DownloadOutlined />
          </a>
        )}
      </Flex>
    )
  }
  if (!url) return <Typography.Text type="secondary">{t('material.previewUnavailable')}</Typography.Text>
  if (type === 'voice')
    return <audio controls src={url} style={{ maxWidth: '100%' }} data-testid="preview-audio" />
  if (type === 'video' || (type === 'gif' && mime === 'video/mp4'))
    return (
      <video
        src={url}
        style={frame(compact)}
        controls={type === 'video'}
        autoPlay={type === 'gif'}
        loop={type === 'gif'}
        muted={type === 'gif'}
        playsInline
        data-testid="preview-video"
      />
    )
  return <Image src={url} alt={fileName ?? ''} style={frame(compact)} data-testid="preview-image" />
}

/** One line about a material's content, for tables and cards. */
export function materialSummary(content: MaterialContent, t: TFunction): string {
  switch (content.type) {
    case 'text':
      return content.text
    case 'image':
    case 'gif':
    case 'video':
      return content.caption ?? ''
    case 'voice':
      return content.seconds ? formatSeconds(content.seconds) : ''
    case 'file':
      return content.fileName
    case 'location':
      return content.name || `${content.latitude}, ${content.longitude}`
    case 'card':
      return `${content.contactName} ${content.contactPhone}`
    case 'link':
      return content.title
    default:
      return t('material.unknownContent')
  }
}

const hasFile = (m: Previewable) => m.media !== null

/** A small square for tables: the picture of an image, GIF or link cover, else the type's icon. */
export function MaterialThumb({ material, size = 48 }: { material: Previewable; size?: number }) {
  const mime = material.media?.mime ?? ''
  // a GIF is kept as a short MP4: it plays in place
  const moving = material.type === 'gif' && mime === 'video/mp4'
  const pictured = (mime.startsWith('image/') && material.type !== 'file') || moving
  const { url } = useMaterialFileUrl(pictured ? material.id : null, material.media?.id ?? null)
  if (moving && url)
    return (
      <video
        src={url}
        width={size}
        height={size}
        autoPlay
        loop
        muted
        playsInline
        style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
      />
    )
  if (pictured && url)
    return (
      <img
        src={url}
        alt={material.name}
        width={size}
        height={size}
        style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
      />
    )
  return <Avatar shape="square" size={size} icon={TYPE_ICONS[material.type]} />
}

/** The whole material as it will look: players, texts, location, contact card or link. */
export function MaterialPreview({ material, compact }: { material: Previewable; compact?: boolean }) {
  const { t } = useTranslation()
  const { url, loading } = useMaterialFileUrl(
    hasFile(material) ? material.id : null,
    material.media?.id ?? null,
  )
  const c = material.content
  const media = (
    <MediaView
      type={c.type}
      mime={material.media?.mime ?? null}
      url={url}
      loading={loading}
      fileName={c.type === 'file' ? c.fileName : material.name}
      size={material.media?.size}
      compact={compact}
    />
  )
  const text = (value: string | undefined, rows = compact ? 3 : 0) =>
    value ? (
      <Typography.Paragraph
        style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
        ellipsis={rows ? { rows, tooltip: value } : false}
      >
        {value}
      </Typography.Paragraph>
    ) : null

  switch (c.type) {
    case 'text':
      return <div data-testid="preview-text">{text(c.text)}</div>
    case 'image':
    case 'gif':
    case 'video':
    case 'file':
      return (
        <Flex vertical gap={8}>
          {media}
          {text(c.caption)}
        </Flex>
      )
    case 'voice':
      return (
        <Flex vertical gap={4}>
          {media}
          {c.seconds ? (
            <Typography.Text type="secondary">
              {t('material.duration', { time: formatSeconds(c.seconds) })}
            </Typography.Text>
          ) : null}
        </Flex>
      )
    case 'location':
      return (
        <Flex vertical gap={2} data-testid="preview-location">
          {c.name && <Typography.Text strong>{c.name}</Typography.Text>}
          {c.address && <Typography.Text type="secondary">{c.address}</Typography.Text>}
          <Typography.Text code>
            {c.latitude}, {c.longitude}
          </Typography.Text>
          <a
            href={`https://www.openstreetmap.org/?mlat=${c.latitude}&mlon=${c.longitude}#map=16/${c.latitude}/${c.longitude}`}
            target="_blank"
            rel="noreferrer"
          >
            {t('material.openMap')}
          </a>
        </Flex>
      )
    case 'card':
      return (
        <Flex align="center" gap={12} data-testid="preview-card">
          <Avatar size={40} icon={<IdcardOutlined />} style={{ background: '#25d366' }} />
          <Flex vertical>
            <Typography.Text strong>{c.contactName}</Typography.Text>
            <Typography.Text type="secondary">{c.contactPhone}</Typography.Text>
          </Flex>
        </Flex>
      )
    case 'link':
      return (
        <Flex
          vertical
          gap={6}
          style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 8, maxWidth: 360 }}
          data-testid="preview-link"
        >
          {material.media && media}
          <Typography.Text strong>{c.title}</Typography.Text>
          {text(c.text)}
          <a href={c.link} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
            {c.link}
          </a>
        </Flex>
      )
    default:
      return null
  }
}
