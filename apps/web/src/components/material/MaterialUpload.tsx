import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import {
  ErrorCode,
  errorMessage,
  type MaterialUploadResult,
  type MaterialUsageValue,
  UPLOAD_EXTENSIONS,
  type UploadTypeValue,
} from '@app/core'
import { Button, Flex, Progress, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { uploadMaterialFile } from '../../api/material'
import { currentLanguage } from '../../i18n'
import { compressImage, probeAudioSeconds } from './browserMedia'
import { checkMaterialUpload } from './fileCheck'
import { MediaView } from './MaterialPreview'
import { formatBytes } from './materialTypes'
import { useMaterialFileUrl } from './useMaterialFile'

/** An uploaded file as a material form holds it. */
export interface UploadedFile extends Omit<MaterialUploadResult, 'mime'> {
  mime: string | null
  /** a voice file's length, when the browser could read it */
  seconds?: number
  /** the picked file, to preview it before the material is saved */
  local?: Blob
  /** the picked file's own type (the server may store it converted, a GIF as MP4) */
  localMime?: string
  /** the saved material serving this file, to preview an unchanged file */
  materialId?: number
}

interface Props {
  value?: UploadedFile | null
  onChange?: (value: UploadedFile | null) => void
  uploadType: UploadTypeValue
  usage: MaterialUsageValue
  /** a cover image may be left out */
  removable?: boolean
  testId?: string
}

/**
 * Pick a file for a material: it is checked as the server checks it before anything is sent
 * (type from its bytes, 10 MB, avatar 300x300), images over 2 MB are compressed, voice length
 * is read, then it is uploaded with progress and previewed.
 */
export function MaterialUpload({
  value,
  onChange,
  uploadType,
  usage,
  removable,
  testId = 'material-file',
}: Props) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [localUrl, setLocalUrl] = useState<string | null>(null)
  const remote = useMaterialFileUrl(value?.local ? null : (value?.materialId ?? null), value?.mediaId ?? null)

  useEffect(() => {
    if (!value?.local) {
      setLocalUrl(null)
      return
    }
    const url = URL.createObjectURL(value.local)
    setLocalUrl(url)
    return () => URL.revokeObjectURL(url)
  }, [value?.local])

  const pick = async (picked: File) => {
    setError(null)
    const checked = await checkMaterialUpload(picked, uploadType, usage)
    if (!checked.ok) {
      setError(checked.message)
      return
    }
    let file: File = picked
    if (uploadType === 'image') {
      try {
        file = await compressImage(picked)
      } catch {
        setError(t('material.compressFailed'))
        return
      }
    }
    let seconds: number | undefined
    if (uploadType === 'voice') {
      const probed = await probeAudioSeconds(file)
      if (probed === 'damaged') {
        setError(errorMessage(ErrorCode.audioDamaged, currentLanguage()))
        return
      }
      seconds = probed ?? undefined
    }
    setProgress(0)
    try {
      const result = await uploadMaterialFile(file, file.name, uploadType, usage, setProgress)
      onChange?.({ ...result, seconds, local: file, localMime: checked.mime })
    } catch {
      // the request client showed the server's reason
    } finally {
      setProgress(null)
    }
  }

  const accept = UPLOAD_EXTENSIONS[uploadType] || undefined
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <input
        ref={input}
        type="file"
        accept={accept}
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void pick(file)
        }}
        data-testid={`${testId}-input`}
      />
      {value && (
        <MediaView
          type={uploadType}
          mime={localUrl ? (value.localMime ?? value.mime) : value.mime}
          url={localUrl ?? remote.url}
          loading={!localUrl && remote.loading}
          fileName={value.fileName}
          size={value.size}
          compact
        />
      )}
      <Flex gap={8} align="center" wrap>
        <Button
          icon={<UploadOutlined />}
          loading={progress !== null}
          onClick={() => input.current?.click()}
          data-testid={`${testId}-pick`}
        >
          {value ? t('material.replaceFile') : t('material.chooseFile')}
        </Button>
        {value && removable && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('material.removeFile')}
          </Button>
        )}
        <Typography.Text type="secondary">
          {t(`material.uploadHints.${usage === 'avatar' ? 'avatar' : uploadType}`)}
        </Typography.Text>
      </Flex>
      {progress !== null && <Progress percent={Math.round(progress * 100)} size="small" />}
      {value && !error && uploadType !== 'file' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {value.fileName} · {formatBytes(value.size)}
          {value.width && value.height ? ` · ${value.width}x${value.height}` : ''}
        </Typography.Text>
      )}
      {error && (
        <Typography.Text type="danger" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      )}
    </Flex>
  )
}
