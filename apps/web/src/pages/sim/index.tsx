import { MobileOutlined } from '@ant-design/icons'
import { QueryClientProvider } from '@tanstack/react-query'
import { Card, Empty, Flex, Result, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/request'
import { queryClient } from '../../app/queryClient'
import { LanguageSwitch } from '../../components/LanguageSwitch'
import { PhoneList } from './components/PhoneList'
import { PhonePanel } from './components/PhonePanel'
import { usePhones, useRefreshSim, useSelection } from './hooks'

/** The simulated network answers 404 when the server runs without it (not demo mode). */
const isMissing = (error: unknown) => error instanceof ApiError && error.code === 404

function SimPhones() {
  const { t } = useTranslation()
  const phones = usePhones()
  const refresh = useRefreshSim()
  const { phone, peer, select } = useSelection()

  if (isMissing(phones.error))
    return (
      <Result
        status="info"
        title={t('sim.demoOnlyTitle')}
        subTitle={t('sim.demoOnlyText')}
        data-testid="sim-demo-only"
      />
    )
  if (phones.isPending) return <Spin style={{ margin: 48 }} />
  if (!phones.data) return <Result status="warning" title={t('sim.loadFailed')} />

  const list = phones.data
  const current = list.find((p) => p.number === phone)
  return (
    <Flex gap={16} style={{ flex: 1, minHeight: 0 }}>
      <Card
        size="small"
        style={{ width: 260, flexShrink: 0 }}
        styles={{ body: { height: '100%', boxSizing: 'border-box' } }}
      >
        <PhoneList
          phones={list}
          selected={phone}
          onSelect={(number) => select({ phone: number })}
          onChanged={() => void refresh()}
        />
      </Card>
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        styles={{ body: { height: '100%', boxSizing: 'border-box' } }}
      >
        {current ? (
          <PhonePanel
            phone={current}
            peer={peer}
            phones={list}
            onPeer={(next) => select({ peer: next })}
            onChanged={() => void refresh()}
          />
        ) : (
          <Flex align="center" justify="center" style={{ height: '100%' }}>
            <Empty description={t('sim.pickPhone')} />
          </Flex>
        )}
      </Card>
    </Flex>
  )
}

/** /sim (demo mode): a simulated WhatsApp phone, for trying the product without a real one. */
export default function SimPage() {
  const { t } = useTranslation()
  return (
    <QueryClientProvider client={queryClient}>
      <Flex
        vertical
        gap={12}
        style={{ height: '100vh', padding: 16, boxSizing: 'border-box', background: '#f5f5f5' }}
      >
        <Flex justify="space-between" align="center" gap={12}>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              <MobileOutlined /> {t('sim.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('sim.subtitle')}</Typography.Text>
          </div>
          <LanguageSwitch />
        </Flex>
        <SimPhones />
      </Flex>
    </QueryClientProvider>
  )
}
