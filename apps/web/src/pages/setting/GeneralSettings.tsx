import { TRANSLATE_LANGUAGES, tenantSettingsBody } from '@app/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Checkbox, Flex, Form, type FormRule, Input, Radio, Select, Switch } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
  getTenantSettings,
  refreshTenantDisplay,
  saveTenantSettings,
  TENANT_SETTINGS_KEY,
} from '../../api/tenantSettings'
import { validationText } from '../../i18n'
import { useSession } from '../../stores/session'
import { zodRule } from '../../utils/formRules'
import { AiSection } from './AiSection'
import { type SettingsForm, toBody, toForm } from './formValues'

const rule = (key: keyof typeof tenantSettingsBody.shape) => zodRule(tenantSettingsBody.shape[key])
const ownWords = tenantSettingsBody.shape.optOutWords.unwrap()
/** The tenant's own list: at least one word (an untouched field is an empty list). */
const ownWordsRule: FormRule = {
  validator: async (_r, value: string[] | undefined) => {
    const result = ownWords.safeParse(value ?? [])
    if (!result.success) throw new Error(validationText(result.error.issues[0]?.message ?? 'invalid'))
  },
}

/** A desktop notification needs the browser's permission: asked when the supervisor turns it on. */
function askNotificationPermission(on: boolean): void {
  if (on && typeof Notification !== 'undefined' && Notification.permission === 'default')
    void Notification.requestPermission()
}

/** The settings page's general tab: page title, translation, opt-out words, desk and AI reply, one form. */
export function GeneralSettings() {
  const { t, i18n } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [form] = Form.useForm<SettingsForm>()
  const tenantId = useSession((s) => s.user?.tenantId)
  const settings = useQuery({ queryKey: TENANT_SETTINGS_KEY, queryFn: getTenantSettings })
  const save = useMutation({
    mutationFn: (f: SettingsForm) => saveTenantSettings(toBody(f)),
    onSuccess: (v) => {
      message.success(t('common.saved'))
      form.setFieldsValue(toForm(v))
      if (tenantId) void refreshTenantDisplay(tenantId)
      return qc.invalidateQueries({ queryKey: TENANT_SETTINGS_KEY })
    },
  })
  useEffect(() => {
    if (settings.data) form.setFieldsValue(toForm(settings.data))
  }, [settings.data, form])
  const mode = Form.useWatch('optOutMode', form)
  const zh = i18n.language.startsWith('zh')
  const platformWords = settings.data?.platformOptOutWords.join(zh ? '、' : ', ') ?? ''
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => save.mutate(v)}
      disabled={settings.isLoading}
      data-testid="settings-form"
    >
      <Flex vertical gap={16} style={{ maxWidth: 760 }}>
        <Card title={t('settings.general')} loading={settings.isLoading}>
          <Form.Item
            name="pageTitle"
            label={t('settings.pageTitle')}
            extra={t('settings.pageTitleHint')}
            rules={[rule('pageTitle')]}
          >
            <Input placeholder={t('common.appTitle')} data-testid="settings-page-title" />
          </Form.Item>
        </Card>
        <Card title={t('settings.translation')}>
          <Form.Item
            name="targetLanguage"
            label={t('settings.targetLanguage')}
            extra={t('settings.targetLanguageHint')}
          >
            <Select
              showSearch={{ optionFilterProp: 'search' }}
              data-testid="settings-target-language"
              options={[
                { value: '', search: '', label: t('settings.targetLanguageNone') },
                ...TRANSLATE_LANGUAGES.map((l) => ({
                  value: l.code,
                  search: `${l.code} ${l.en} ${l.zh}`,
                  label: `${zh ? l.zh : l.en} (${l.code})`,
                })),
              ]}
            />
          </Form.Item>
          <Form.Item name="autoTranslate" valuePropName="checked" extra={t('settings.autoTranslateHint')}>
            <Checkbox>{t('settings.autoTranslate')}</Checkbox>
          </Form.Item>
        </Card>
        <Card title={t('settings.optOut')}>
          <Form.Item name="optOutMode" extra={t('settings.optOutHint')}>
            <Radio.Group data-testid="settings-opt-out-mode">
              <Flex vertical gap={8}>
                <Radio value="platform">{t('settings.optOutPlatform', { words: platformWords })}</Radio>
                <Radio value="own">{t('settings.optOutOwn')}</Radio>
              </Flex>
            </Radio.Group>
          </Form.Item>
          {mode === 'own' && (
            <Form.Item name="optOutWords" label={t('settings.optOutWords')} rules={[ownWordsRule]}>
              <Select
                mode="tags"
                tokenSeparators={[',', '，']}
                open={false}
                data-testid="settings-opt-out-words"
              />
            </Form.Item>
          )}
          <Form.Item name="optOutInvalid" valuePropName="checked" extra={t('settings.optOutInvalidHint')}>
            <Checkbox data-testid="settings-opt-out-invalid">{t('settings.optOutInvalid')}</Checkbox>
          </Form.Item>
        </Card>
        <Card title={t('settings.desk')}>
          <Form.Item name="notifySound" label={t('settings.notifySound')} valuePropName="checked">
            <Switch data-testid="settings-notify-sound" />
          </Form.Item>
          <Form.Item
            name="notifyDesktop"
            label={t('settings.notifyDesktop')}
            extra={t('settings.notifyDesktopHint')}
            valuePropName="checked"
          >
            <Switch onChange={askNotificationPermission} data-testid="settings-notify-desktop" />
          </Form.Item>
          <Form.Item
            name="agentExport"
            label={t('settings.agentExport')}
            extra={t('settings.agentExportHint')}
            valuePropName="checked"
          >
            <Switch data-testid="settings-agent-export" />
          </Form.Item>
        </Card>
        <AiSection view={settings.data} />
        <div>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
            {t('common.save')}
          </Button>
        </div>
      </Flex>
    </Form>
  )
}
