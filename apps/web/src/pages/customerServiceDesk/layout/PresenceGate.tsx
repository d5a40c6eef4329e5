import { Button, Flex } from 'antd'
import { type ReactNode, useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Spinner } from '../../../components/Spinner'
import { useDesk } from '../../../stores/desk'
import { LazyResult } from '../LazyResult'

/**
 * The desk's screens appear once the desk is entered (their calls need its desk id). A desk that
 * could not be entered can try again; one taken over elsewhere says so and can be taken back.
 */
export function PresenceGate({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  // the desk's screens draw in slices once entered (a transition), not in one long task
  const status = useDeferredValue(useDesk((s) => s.status))
  if (status === 'ready') return children
  if (status === 'entering') {
    return (
      <Flex
        justify="center"
        align="center"
        vertical
        gap={12}
        style={{ height: '100%' }}
        data-testid="desk-entering"
      >
        <Spinner />
        {t('desk.presence.entering')}
      </Flex>
    )
  }
  const taken = status === 'taken'
  return (
    <LazyResult
      status={taken ? 'warning' : 'error'}
      title={taken ? t('desk.presence.takenTitle') : t('desk.presence.failed')}
      subTitle={taken ? t('desk.presence.takenText') : undefined}
      data-testid={taken ? 'desk-taken' : 'desk-enter-failed'}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry} data-testid="desk-reenter">
          {taken ? t('desk.presence.reenter') : t('desk.presence.retry')}
        </Button>,
        <Button key="home" onClick={() => void navigate('/home')}>
          {t('common.backHome')}
        </Button>,
      ]}
    />
  )
}
