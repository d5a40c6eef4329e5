import { TRANSLATE_LANGUAGES } from '@app/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Form, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { getTargetLanguage, setTargetLanguage } from '../../../api/desk'
import { LanguageSwitch } from '../../../components/LanguageSwitch'
import { currentLanguage } from '../../../i18n'
import { deskKeys } from '../queryKeys'

/**
 * The desk's settings: the interface language and the language chats are translated into (kept
 * per agent on the server; a supervisor acting as an agent sets the agent's).
 */
export function DeskSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const target = useQuery({ queryKey: deskKeys.targetLanguage, queryFn: getTargetLanguage, enabled: open })
  const lang = currentLanguage()

  const change = async (code: string) => {
    try {
      await setTargetLanguage(code)
      qc.setQueryData(deskKeys.targetLanguage, code)
      message.success(t('common.saved'))
    } catch {
      // told by the request client
    }
  }

  return (
    <Modal open={open} title={t('desk.settings.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Form layout="vertical" data-testid="desk-settings">
        <Form.Item label={t('desk.settings.language')}>
          <LanguageSwitch />
        </Form.Item>
        <Form.Item label={t('desk.settings.targetLanguage')} extra={t('desk.settings.targetLanguageHint')}>
          <Select
            value={target.data}
            loading={target.isLoading}
            onChange={(code: string) => void change(code)}
            showSearch={{ optionFilterProp: 'search' }}
            data-testid="desk-settings-target-language"
            options={TRANSLATE_LANGUAGES.map((l) => ({
              value: l.code,
              search: `${l.code} ${l.en} ${l.zh}`,
              label: `${lang === 'zh' ? l.zh : l.en} (${l.code})`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
