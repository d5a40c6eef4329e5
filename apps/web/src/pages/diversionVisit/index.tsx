import { WhatsAppOutlined } from '@ant-design/icons'
import { Button, Flex, Result, Spin } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { visitLink, visitPath } from '../../api/diversion'
import { ApiError } from '../../api/request'
import { i18n } from '../../i18n'

const REASONS = ['unknown', 'disabled', 'no_account'] as const
type Reason = (typeof REASONS)[number]
const isReason = (v: string | null): v is Reason => v !== null && (REASONS as readonly string[]).includes(v)

/**
 * /s?c=<code>: a diversion link. The server answers the visit itself (a redirect to WhatsApp)
 * and sends a visit it cannot place here with `why` and the visitor's `lang`. Opened without
 * `why` (the development server), the page makes the visit through the API and follows it.
 */
export default function DiversionVisitPage() {
  const { t: appT } = useTranslation()
  const [params] = useSearchParams()
  const code = params.get('c') ?? ''
  const why = params.get('why')
  const lang = params.get('lang')
  const t = lang === 'zh' || lang === 'en' ? i18n.getFixedT(lang) : appT
  const [failed, setFailed] = useState<string | null>(null)

  useEffect(() => {
    if (why !== null || !code) return
    visitLink(code)
      .then(({ url }) => window.location.replace(url))
      .catch((e: unknown) => setFailed(e instanceof ApiError ? e.message : t('diversion.visit.no_account')))
  }, [code, why, t])

  const reason: Reason | null = !code ? 'unknown' : isReason(why) ? why : null
  const text = reason ? t(`diversion.visit.${reason}`) : failed
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}>
      {text ? (
        <Result
          status="warning"
          icon={<WhatsAppOutlined style={{ color: '#25d366' }} />}
          title={text}
          data-testid="diversion-unavailable"
          extra={
            reason === 'no_account' && (
              <Button type="primary" href={visitPath(code)}>
                {t('diversion.visit.retry')}
              </Button>
            )
          }
        />
      ) : (
        <Result icon={<Spin size="large" />} title={t('diversion.visit.title')} />
      )}
    </Flex>
  )
}
