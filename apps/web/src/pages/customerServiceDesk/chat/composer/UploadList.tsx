import { CloseOutlined, ReloadOutlined } from '@ant-design/icons'
import { Button, Spin, Typography } from 'antd'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import type { UploadItem } from './useChatUploads'

// the progress bar loads with the first file sent
const Progress = lazy(() => import('antd/es/progress'))

interface Props {
  items: UploadItem[]
  onRetry(key: string): void
  onRemove(key: string): void
}

/** Files on their way out: each with its progress, or failed with retry and remove. */
export function UploadList({ items, onRetry, onRemove }: Props) {
  const { t } = useTranslation()
  if (items.length === 0) return null
  return (
    <div className="chat-uploads" data-testid="chat-uploads">
      {items.map((item) => (
        <div key={item.key} className="chat-upload" data-testid="chat-upload-item" data-status={item.status}>
          <Typography.Text ellipsis className="chat-upload-name">
            {t(`chat.composer.attach.${item.kind}`)} · {item.name}
          </Typography.Text>
          {item.status === 'failed' ? (
            <>
              <Typography.Text type="danger">{t('chat.upload.failed')}</Typography.Text>
              <Button
                size="small"
                type="link"
                icon={<ReloadOutlined />}
                onClick={() => onRetry(item.key)}
                data-testid="chat-upload-retry"
              >
                {t('chat.upload.retry')}
              </Button>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={t('chat.upload.remove')}
                onClick={() => onRemove(item.key)}
              />
            </>
          ) : (
            <Suspense fallback={<Spin size="small" />}>
              <Progress
                className="chat-upload-progress"
                size="small"
                percent={Math.round(item.progress * 100)}
                status={item.status === 'preparing' ? 'normal' : 'active'}
                format={(p) => (item.status === 'preparing' ? t('chat.upload.preparing') : `${p}%`)}
              />
            </Suspense>
          )}
        </div>
      ))}
    </div>
  )
}
