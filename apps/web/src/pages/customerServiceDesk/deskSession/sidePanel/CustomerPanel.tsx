import { type DeskSessionDetail, FAN_NICKNAME_MAX, FAN_REMARK_MAX, type FanDetailView } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, Descriptions, Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { updateSessionFan } from '../../../../api/desk'
import { HiddenPhone } from '../../../../components/HiddenPhone'
import { FanLabels } from '../../../../components/label/FanLabels'
import { currentLanguage } from '../../../../i18n'
import { formatDate } from '../../../../utils/date'
import { deskKeys } from '../../queryKeys'
import { applyRow } from '../sessionCache'
import { updateSessionLists } from '../useSessionList'
import { EditableText } from './EditableText'

/** A region's name in the interface language ('' code: unknown). */
function regionName(code: string, lang: string): string {
  if (!code) return ''
  try {
    return new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/**
 * The customer of a personal session (spec §3 "Customer"): nickname and remark (editable), phone,
 * WS account, source, labels, the account's group, country or region from the number, add time.
 */
export function CustomerPanel({ detail, fan }: { detail: DeskSessionDetail; fan: FanDetailView }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const sessionId = detail.session.id
  const dash = <Typography.Text type="secondary">-</Typography.Text>

  const save = async (patch: { nickname?: string; remark?: string }) => {
    const next = await updateSessionFan({ sessionId, ...patch })
    qc.setQueryData(deskKeys.detail(sessionId), next)
    updateSessionLists(qc, (data, params) => applyRow(data, next.session, params))
    message.success(t('common.saved'))
  }

  return (
    <Flex vertical gap={12}>
      <Flex gap={6} wrap>
        {fan.repeat ? <Tag color="gold">{t('desk.panel.repeat')}</Tag> : null}
        {fan.invalid ? <Tag color="red">{t('desk.panel.invalid')}</Tag> : null}
        <Tag color={fan.massSendEnabled ? 'green' : 'default'} data-testid="desk-panel-mass-send">
          {fan.massSendEnabled ? t('desk.panel.massSendAllowed') : t('desk.panel.massSendForbidden')}
        </Tag>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        colon={false}
        styles={{ label: { width: 100 } }}
        items={[
          {
            key: 'nickname',
            label: t('desk.panel.nickname'),
            children: (
              <EditableText
                value={fan.nickname}
                maxLength={FAN_NICKNAME_MAX}
                placeholder={fan.pushName || t('desk.panel.nicknamePlaceholder')}
                onSave={(nickname) => save({ nickname })}
                testId="desk-nickname-input"
                ariaLabel={t('desk.panel.nickname')}
              />
            ),
          },
          {
            key: 'remark',
            label: t('desk.panel.remark'),
            children: (
              <EditableText
                value={fan.remark}
                maxLength={FAN_REMARK_MAX}
                placeholder={t('desk.panel.remarkPlaceholder')}
                onSave={(remark) => save({ remark })}
                testId="desk-remark-input"
                ariaLabel={t('desk.panel.remark')}
              />
            ),
          },
          {
            key: 'phone',
            label: t('desk.panel.phone'),
            children: fan.phone ? (
              <Typography.Text copyable>{`+${fan.phone}`}</Typography.Text>
            ) : fan.phoneHidden ? (
              <HiddenPhone lid={fan.lid} />
            ) : (
              dash
            ),
          },
          {
            key: 'account',
            label: t('desk.panel.account'),
            children: fan.accountPhone ? `+${fan.accountPhone}` : dash,
          },
          { key: 'source', label: t('desk.panel.source'), children: t(`desk.panel.sources.${fan.source}`) },
          { key: 'group', label: t('desk.panel.group'), children: fan.accountGroupName || dash },
          {
            key: 'country',
            label: t('desk.panel.country'),
            children: (
              <span data-testid="desk-panel-country">
                {regionName(fan.country, currentLanguage()) || dash}
              </span>
            ),
          },
          { key: 'addTime', label: t('desk.panel.addTime'), children: formatDate(fan.createdAt) },
        ]}
      />
      <div>
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6 }}>
          {t('desk.panel.labels')}
        </Typography.Text>
        <FanLabels fanId={fan.id} />
      </div>
    </Flex>
  )
}
