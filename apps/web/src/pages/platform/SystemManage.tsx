import { type SystemSettingsBody, systemSettingsBody } from '@app/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Descriptions, Form, Input, Select, Skeleton } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { getSystemSettings, getSystemStatus, saveSystemSettings } from '../../api/platform'
import { PageFrame, PageSection } from '../../components/page/PageFrame'
import { formatDate } from '../../utils/date'
import { zodRule } from '../../utils/formRules'

interface Values extends Omit<SystemSettingsBody, 'optOutWords'> {
  optOutWords: string[]
}

const bytes = (n: number | null) =>
  n === null ? '-' : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`
const duration = (ms: number) => {
  const m = Math.floor(ms / 60_000)
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`
}
const rule = (key: keyof SystemSettingsBody) => zodRule(systemSettingsBody.shape[key])

/** The running system: version, database, uptime, linked numbers by status, the outbox. */
function StatusPanel() {
  const { t } = useTranslation()
  const status = useQuery({
    queryKey: ['platform', 'systemStatus'],
    queryFn: getSystemStatus,
    refetchInterval: 30_000,
  })
  const s = status.data
  return (
    <PageSection title={t('platform.system.status')} testId="system-status">
      {status.isLoading ? <Skeleton active /> : null}
      {s && (
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('platform.system.version')}>{s.version}</Descriptions.Item>
          <Descriptions.Item label={t('platform.system.database')}>
            {s.database.kind} · {bytes(s.database.sizeBytes)}
          </Descriptions.Item>
          <Descriptions.Item label={t('platform.system.uptime')}>{duration(s.uptimeMs)}</Descriptions.Item>
          <Descriptions.Item label={t('platform.system.tenantsUsers')}>
            {s.tenants} / {s.users}
          </Descriptions.Item>
          <Descriptions.Item label={t('platform.system.numbers')}>
            {Object.entries(s.accounts)
              .map(([k, v]) => `${k}: ${v}`)
              .join(' · ') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('platform.system.outbox')}>
            {t('platform.system.outboxValue', {
              pending: s.outbox.pending,
              age: s.outbox.oldestAgeMs === null ? '-' : duration(s.outbox.oldestAgeMs),
            })}
          </Descriptions.Item>
          <Descriptions.Item label={t('platform.system.waVersion')}>
            <span data-testid="system-wa-version">
              {s.whatsapp.version && s.whatsapp.source
                ? t('platform.system.waVersionValue', {
                    version: s.whatsapp.version,
                    source: t(`platform.system.waSources.${s.whatsapp.source}`),
                    time: s.whatsapp.fetchedAt ? formatDate(s.whatsapp.fetchedAt) : '-',
                  })
                : t('platform.system.waVersionNone')}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('platform.system.updateRequired')}>
            <span data-testid="system-update-required">{s.whatsapp.updateRequired}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
      {s && s.whatsapp.updateRequired > 0 ? (
        <Alert
          type="error"
          showIcon
          data-testid="system-update-required-alert"
          title={t('platform.system.updateRequiredAlert', { count: s.whatsapp.updateRequired })}
        />
      ) : null}
    </PageSection>
  )
}

/** /systemManage/index (admin): platform settings and the system status panel. */
export default function SystemManage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [form] = Form.useForm<Values>()
  const settings = useQuery({ queryKey: ['platform', 'systemSettings'], queryFn: getSystemSettings })
  const save = useMutation({
    mutationFn: (body: SystemSettingsBody) => saveSystemSettings(body),
    onSuccess: () => {
      message.success(t('common.saved'))
      return qc.invalidateQueries({ queryKey: ['platform', 'systemSettings'] })
    },
  })
  useEffect(() => {
    const s = settings.data
    if (s)
      form.setFieldsValue({
        siteName: s.siteName,
        defaultLanguage: s.defaultLanguage,
        translateUrl: s.translateUrl,
        mapTileUrl: s.mapTileUrl,
        optOutWords: s.optOutWords,
      })
  }, [settings.data, form])
  const submit = (v: Values) => {
    const key = v.translateApiKey?.trim()
    save.mutate({ ...v, translateApiKey: key ? key : undefined })
  }
  return (
    <PageFrame title={t('menu.systemManage')} sections>
      <PageSection title={t('platform.system.settings')}>
        {settings.isLoading ? (
          <Skeleton active />
        ) : (
          <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={submit}>
            <Form.Item name="siteName" label={t('platform.system.siteName')} rules={[rule('siteName')]}>
              <Input data-testid="system-site-name" />
            </Form.Item>
            <Form.Item name="defaultLanguage" label={t('platform.system.defaultLanguage')}>
              <Select
                options={[
                  { value: 'zh', label: t('common.languageZh') },
                  { value: 'en', label: t('common.languageEn') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="translateUrl"
              label={t('platform.system.translateUrl')}
              rules={[rule('translateUrl')]}
            >
              <Input placeholder="https://" />
            </Form.Item>
            <Form.Item
              name="translateApiKey"
              label={t('platform.system.translateKey')}
              extra={settings.data?.translateApiKeySet ? t('platform.system.keyKept') : undefined}
            >
              <Input.Password autoComplete="off" />
            </Form.Item>
            <Form.Item name="mapTileUrl" label={t('platform.system.mapTileUrl')} rules={[rule('mapTileUrl')]}>
              <Input placeholder="https://" />
            </Form.Item>
            <Form.Item
              name="optOutWords"
              label={t('platform.system.optOutWords')}
              rules={[rule('optOutWords')]}
            >
              <Select mode="tags" tokenSeparators={[',', '，']} open={false} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="system-save">
              {t('common.save')}
            </Button>
          </Form>
        )}
      </PageSection>
      <StatusPanel />
    </PageFrame>
  )
}
