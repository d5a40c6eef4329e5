import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'

/** The profile could not be asked for (network down): offer to try again. Loaded only when shown. */
export default function NetworkRetry({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Result
      status="warning"
      title={t('request.network')}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="guard-retry">
          {t('request.retry')}
        </Button>
      }
    />
  )
}
