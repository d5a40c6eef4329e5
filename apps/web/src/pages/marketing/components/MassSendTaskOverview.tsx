import type { FailureReasonValue, MassSendEventView, MassSendRange, MassSendTaskDetail } from '@app/core'
import { Descriptions, Flex, Tag, Timeline, Typography } from 'antd'
import type { TFunction } from 'i18next'
import type { CSSProperties, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../utils/date'
import { reasonText } from './MassSendStatusTag'

const ROW: CSSProperties = { padding: '4px 12px', display: 'flex' }

/** A titled, bordered block of rows. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, paddingBottom: 6 }}>
      <Typography.Text strong style={{ display: 'block', padding: '8px 12px 4px' }}>
        {title}
      </Typography.Text>
      {children}
    </div>
  )
}

const OUTBOUND_TYPES = ['text', 'image', 'video', 'audio', 'document', 'location', 'contacts']

const rangeText = (r: MassSendRange, unit: string) =>
  r.min === r.max ? `${r.min} ${unit}` : `${r.min}–${r.max} ${unit}`

/** A reason the server gave: a failure reason of spec §4 in words, else as it came. */
function reasonWords(reason: string | null, t: TFunction): string {
  if (!reason) return ''
  if (reason === 'empty_audience') return t('massSend.failReasons.empty_audience')
  return reasonText(reason as FailureReasonValue)
}

function eventText(e: MassSendEventView, t: TFunction): string {
  return t(`massSend.events.${e.kind}`, {
    count: e.count,
    account: e.accountPhone ? `+${e.accountPhone}` : '',
    reason: reasonWords(e.reason, t),
  })
}

/** A task as it was set up: pacing, the sentences in order, the sending accounts, and its log. */
export function MassSendTaskOverview({ task }: { task: MassSendTaskDetail }) {
  const { t } = useTranslation()
  const seconds = t('massSend.form.seconds')
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('massSend.form.method')}>
          {t(`massSend.methods.${task.method}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('massSend.list.audience')}>
          {t(`massSend.audiences.${task.audience}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('massSend.form.sentenceInterval')}>
          {rangeText(task.sentenceInterval, seconds)}
        </Descriptions.Item>
        <Descriptions.Item label={t('massSend.form.sendCount')}>
          {rangeText(task.sendCount, t('massSend.form.recipients'))}
        </Descriptions.Item>
        <Descriptions.Item label={t('massSend.form.customerInterval')}>
          {rangeText(task.customerInterval, seconds)}
        </Descriptions.Item>
        <Descriptions.Item label={t('massSend.form.dailyCap')}>
          {task.dailyCap ? task.dailyCap : t('massSend.overview.noCap')}
        </Descriptions.Item>
        {task.method !== 'one_by_one' ? (
          <Descriptions.Item
            label={t('massSend.form.waitTimeout')}
          >{`${task.waitTimeout} ${seconds}`}</Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('massSend.list.appointmentAt')}>
          {task.appointmentAt ? formatDate(task.appointmentAt) : t('massSend.list.atOnce')}
        </Descriptions.Item>
        <Descriptions.Item label={t('massSend.overview.startedAt')}>
          {formatDate(task.startedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('massSend.overview.finishedAt')}>
          {formatDate(task.finishedAt)}
        </Descriptions.Item>
      </Descriptions>
      <Section title={t('massSend.form.sentences')}>
        {task.sentences.map((s) => (
          <Flex
            key={s.index}
            gap={8}
            align="center"
            style={ROW}
            data-testid={`mass-send-overview-sentence-${s.index}`}
          >
            <Tag>{s.index + 1}</Tag>
            <Tag color="blue">
              {OUTBOUND_TYPES.includes(s.type) ? t(`massSend.sentenceTypes.${s.type}`) : s.type}
            </Tag>
            <Typography.Text ellipsis style={{ maxWidth: 480 }}>
              {s.text}
            </Typography.Text>
          </Flex>
        ))}
      </Section>
      <Section title={t('massSend.overview.accounts')}>
        {task.accounts.length ? null : (
          <Typography.Text type="secondary" style={ROW}>
            {t('massSend.overview.noAccounts')}
          </Typography.Text>
        )}
        {task.accounts.map((a) => (
          <Flex key={a.id} justify="space-between" gap={8} style={ROW}>
            <span>
              {a.phone ? `+${a.phone}` : `#${a.id}`}{' '}
              <Tag>{t(`account.states.${a.status}`, { defaultValue: a.status })}</Tag>
            </span>
            <Typography.Text type="secondary">
              {t('massSend.overview.accountLoad', { total: a.total, remaining: a.remaining })}
            </Typography.Text>
          </Flex>
        ))}
      </Section>
      <div>
        <Typography.Title level={5}>{t('massSend.overview.events')}</Typography.Title>
        <Timeline
          items={task.events.map((e) => ({
            key: e.id,
            content: (
              <Flex vertical gap={0} data-testid={`mass-send-event-${e.kind}`}>
                <span>{eventText(e, t)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDate(e.at)}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
      </div>
    </Flex>
  )
}
