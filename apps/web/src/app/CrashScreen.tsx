import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'

/** What a crashed page shows. Loaded only when shown. */
export default function CrashScreen() {
  const { t } = useTranslation()
  return (
    <Result
      status="error"
      title={t('request.crashed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="crash-reload">
          {t('request.reload')}
        </Button>
      }
    />
  )
}
