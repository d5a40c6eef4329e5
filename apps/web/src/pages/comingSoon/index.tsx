import { ClockCircleOutlined } from '@ant-design/icons'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useRouteMeta } from '../../app/routeMeta'
import { useSession } from '../../stores/session'

/**
 * Shared page of every route whose screen is not built yet. It says so plainly, with the
 * route's title; it does not pretend to be the screen.
 */
export default function ComingSoonPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const route = useRouteMeta()
  const signedIn = useSession((s) => !!s.token)
  const title = route ? t(route.titleKey) : ''
  return (
    <Result
      icon={<ClockCircleOutlined style={{ color: '#1d4ed8' }} />}
      title={<span data-testid="coming-soon-title">{t('common.comingSoonTitle', { title })}</span>}
      subTitle={t('common.comingSoonText')}
      extra={
        signedIn ? (
          <Button type="primary" onClick={() => void navigate('/home')}>
            {t('common.backHome')}
          </Button>
        ) : null
      }
      data-testid="coming-soon"
    />
  )
}
