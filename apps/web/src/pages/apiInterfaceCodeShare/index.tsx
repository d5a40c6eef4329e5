import { LinkOutlined } from '@ant-design/icons'
import {
  type AccountStateValue,
  checkAccountPhone,
  formatDateTime,
  MERCHANT_STATUS_POLL_MS,
  type MerchantLinkResult,
} from '@app/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  List,
  Result,
  Spin,
  Tag,
  Typography,
} from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { publicMerchantInfo, publicMerchantLink, publicMerchantStatus } from '../../api/merchants'
import { checkRule } from '../../utils/formRules'
import { codeFromLink, invalidCodeText, refusalOf } from '../apiInterface/components/codeErrors'
import { PublicFrame, RefusedCode } from '../apiInterface/components/PublicFrame'

const offsetMinutes = () => -new Date().getTimezoneOffset()

const stateColor: Record<AccountStateValue, string> = {
  online: 'green',
  logging_in: 'blue',
  offline: 'default',
  abnormal: 'orange',
  banned: 'red',
}

type Pairing = MerchantLinkResult & { phone: string }

/** The pairing code of a number being linked, with its live progress (polled until it is online). */
function PairingProgress({
  code,
  pairing,
  onDone,
  onRestart,
}: {
  code: string
  pairing: Pairing
  onDone: () => void
  onRestart: () => void
}) {
  const { t } = useTranslation()
  const status = useQuery({
    queryKey: ['merchant', 'public', 'status', code, pairing.accountId],
    queryFn: () => publicMerchantStatus(code, pairing.accountId),
    // polling ends once the number is online, or its login closed (its slot is then given back)
    refetchInterval: (q) =>
      q.state.data?.accountStatus === 'online' || q.state.data?.state === 'closed'
        ? false
        : MERCHANT_STATUS_POLL_MS,
    // the code is typed on the phone while this page may sit in a background tab
    refetchIntervalInBackground: true,
  })
  const online = status.data?.accountStatus === 'online'
  const failed = !online && status.data?.state === 'closed'
  // told once per number linked
  const told = useRef(false)
  useEffect(() => {
    if (online && !told.current) {
      told.current = true
      onDone()
    }
  }, [online, onDone])
  const shown = status.data?.code ?? pairing.code

  if (online)
    return (
      <Result
        status="success"
        title={t('merchants.public.linked', { phone: pairing.phone })}
        extra={
          <Button type="primary" onClick={onRestart} data-testid="merchant-link-another">
            {t('merchants.public.linkAnother')}
          </Button>
        }
        data-testid="merchant-linked"
      />
    )
  if (failed)
    return (
      <Result
        status="warning"
        title={t('merchants.public.failed')}
        extra={<Button onClick={onRestart}>{t('merchants.public.linkAnother')}</Button>}
        data-testid="merchant-link-failed"
      />
    )
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '16px 0' }}>
      <Typography.Text type="secondary">{t('merchants.public.pairingTitle')}</Typography.Text>
      {shown ? (
        <Typography.Title
          level={2}
          copyable
          style={{ margin: 0, letterSpacing: 6, fontFamily: 'monospace' }}
          data-testid="merchant-pairing-code"
        >
          {shown}
        </Typography.Title>
      ) : (
        <Spin tip={t('merchants.public.waitingCode')}>
          <div style={{ width: 200, height: 40 }} />
        </Spin>
      )}
      <Typography.Paragraph style={{ maxWidth: 520, textAlign: 'center' }}>
        {t('merchants.public.pairingSteps')}
      </Typography.Paragraph>
      <Typography.Text type="secondary" data-testid="merchant-waiting">
        <Spin size="small" /> {t('merchants.public.waiting')}
      </Typography.Text>
    </Flex>
  )
}

function LinkNumber({ code }: { code: string }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const [form] = Form.useForm<{ phone: string }>()
  const [pairing, setPairing] = useState<Pairing | null>(null)
  const info = useQuery({
    queryKey: ['merchant', 'public', 'info', code],
    queryFn: () => publicMerchantInfo(code),
    retry: false,
  })
  const link = useMutation({
    mutationFn: (phone: string) => publicMerchantLink(code, phone),
    onSuccess: (r, phone) => {
      setPairing({ ...r, phone })
      void qc.invalidateQueries({ queryKey: ['merchant', 'public', 'info', code] })
    },
  })

  const refused = refusalOf(info.error) ?? refusalOf(link.error)
  if (refused) return <RefusedCode message={refused} />
  if (info.isLoading) return <Card loading />
  if (info.isError || !info.data)
    return (
      <Card>
        <Alert type="error" showIcon title={info.error instanceof Error ? info.error.message : ''} />
      </Card>
    )
  const d = info.data
  const full = d.linked >= d.quota

  return (
    <Flex vertical gap={16}>
      <Card>
        <Descriptions column={{ xs: 1, sm: 3 }} size="small">
          <Descriptions.Item label={t('merchants.codes.name')}>
            <span data-testid="merchant-name">{d.name}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('merchants.codes.quota')}>
            <span data-testid="merchant-quota">
              {t('merchants.public.quota', { linked: d.linked, quota: d.quota })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('merchants.codes.expiresAt')}>
            {d.expiresAt === null
              ? t('merchants.public.noExpiry')
              : t('merchants.public.expiresAt', { time: formatDateTime(d.expiresAt, offsetMinutes()) })}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        {pairing ? (
          <PairingProgress
            code={code}
            pairing={pairing}
            onDone={() => void qc.invalidateQueries({ queryKey: ['merchant', 'public', 'info', code] })}
            onRestart={() => {
              setPairing(null)
              link.reset()
              form.resetFields()
            }}
          />
        ) : (
          <Form
            form={form}
            layout="vertical"
            autoComplete="off"
            onFinish={(v) => link.mutate(v.phone)}
            style={{ maxWidth: 420 }}
          >
            {full ? (
              <Alert
                type="warning"
                showIcon
                title={t('merchants.public.quotaFull')}
                style={{ marginBottom: 16 }}
              />
            ) : null}
            {link.isError ? (
              <Alert
                type="error"
                showIcon
                title={link.error instanceof Error ? link.error.message : ''}
                style={{ marginBottom: 16 }}
                data-testid="merchant-link-error"
              />
            ) : null}
            <Form.Item
              name="phone"
              label={t('merchants.public.phone')}
              required
              rules={[checkRule(checkAccountPhone)]}
            >
              <Input
                placeholder={t('merchants.public.phonePlaceholder')}
                maxLength={40}
                disabled={full}
                data-testid="merchant-phone"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={link.isPending}
              disabled={full}
              data-testid="merchant-get-code"
            >
              {t('merchants.public.getCode')}
            </Button>
          </Form>
        )}
      </Card>
      <Card title={t('merchants.public.numbers')} size="small">
        <List
          dataSource={d.accounts}
          locale={{ emptyText: t('merchants.public.noNumbers') }}
          renderItem={(a) => (
            <List.Item data-testid="merchant-number">
              <span>+{a.phone}</span>
              <Tag color={stateColor[a.status]}>{t(`account.states.${a.status}`)}</Tag>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  )
}

/** /apiInterfaceCodeShare?c=<code>: a number supplier links WhatsApp numbers by pairing code, with no sign-in. */
export default function ApiInterfaceCodeSharePage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const code = codeFromLink(params.get('c'))
  return (
    <PublicFrame
      title={t('merchants.public.title')}
      subtitle={t('merchants.public.subtitle')}
      icon={<LinkOutlined />}
    >
      {code ? <LinkNumber code={code} /> : <RefusedCode message={invalidCodeText()} />}
    </PublicFrame>
  )
}
