import { Button, Flex, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

/** /404: where unknown paths and routes the user may not open end up. */
export default function NotFoundPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="404"
        title="404"
        subTitle={t('common.notFoundText')}
        extra={
          <Button type="primary" onClick={() => void navigate('/home')} data-testid="not-found-home">
            {t('common.backHome')}
          </Button>
        }
      />
    </Flex>
  )
}
