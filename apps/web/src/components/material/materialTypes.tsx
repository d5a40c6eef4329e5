import {
  AudioOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  GifOutlined,
  IdcardOutlined,
  LinkOutlined,
  PaperClipOutlined,
  PictureOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons'
import { type MaterialTypeValue, UPLOAD_TYPES, type UploadTypeValue } from '@app/core'
import { Tag } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export const TYPE_ICONS: Record<MaterialTypeValue, ReactNode> = {
  image: <PictureOutlined />,
  gif: <GifOutlined />,
  video: <VideoCameraOutlined />,
  voice: <AudioOutlined />,
  text: <FileTextOutlined />,
  location: <EnvironmentOutlined />,
  card: <IdcardOutlined />,
  file: <PaperClipOutlined />,
  link: <LinkOutlined />,
}

const TYPE_COLORS: Record<MaterialTypeValue, string> = {
  image: 'blue',
  gif: 'purple',
  video: 'magenta',
  voice: 'orange',
  text: 'default',
  location: 'green',
  card: 'cyan',
  file: 'geekblue',
  link: 'gold',
}

/** The upload a type's file goes through; a link's optional cover is an image. */
export function uploadTypeOf(type: MaterialTypeValue): UploadTypeValue | null {
  if (type === 'link') return 'image'
  return (UPLOAD_TYPES as readonly string[]).includes(type) ? (type as UploadTypeValue) : null
}

export function MaterialTypeTag({ type }: { type: MaterialTypeValue }) {
  const { t } = useTranslation()
  return (
    <Tag color={TYPE_COLORS[type]} icon={TYPE_ICONS[type]} style={{ marginInlineEnd: 0 }}>
      {t(`material.types.${type}`)}
    </Tag>
  )
}

/** Bytes as KB/MB for people. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`
  return `${(size / 1024 / 1024).toFixed(1)} MB`
}

/** Seconds as m:ss. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
