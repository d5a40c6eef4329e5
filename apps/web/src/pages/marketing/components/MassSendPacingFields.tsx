import { MassSendAudience, MassSendMethod, type MassSendMethodValue } from '@app/core'
import { Col, DatePicker, Flex, Form, type FormInstance, type FormRule, InputNumber, Radio, Row } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { DEFAULT_DATE_FORMAT, datePresets } from '../../../utils/date'
import type { MassSendFormValues } from './MassSendForm'

type Rule = (name: (string | number)[]) => FormRule
type RangeName = 'sentenceInterval' | 'customerInterval' | 'sendCount'

/** Two whole numbers, the least and the most; each wait or round is drawn between them. */
function RangeItem({ name, rule, unit }: { name: RangeName; rule: Rule; unit: string }) {
  const { t } = useTranslation()
  const input = (end: 'min' | 'max') => (
    <InputNumber
      precision={0}
      suffix={unit}
      placeholder={t(`massSend.form.${end}`)}
      style={{ width: 150 }}
      data-testid={`mass-send-${name}-${end}`}
    />
  )
  return (
    <Form.Item label={t(`massSend.form.${name}`)} required extra={t(`massSend.form.${name}Hint`)}>
      <Flex gap={8} align="flex-start">
        <Form.Item name={[name, 'min']} rules={[rule([name, 'min'])]} style={{ marginBottom: 0 }}>
          {input('min')}
        </Form.Item>
        <span style={{ lineHeight: '32px' }}>~</span>
        <Form.Item
          name={[name, 'max']}
          rules={[rule([name, 'max'])]}
          dependencies={[[name, 'min']]}
          style={{ marginBottom: 0 }}
        >
          {input('max')}
        </Form.Item>
      </Flex>
    </Form.Item>
  )
}

/**
 * How the task is paced (all delays in seconds, spec §9): the send method and, when it waits for a
 * reply or a read, how long; the sentence interval, the rounds of recipients and the rest between
 * rounds, each a range drawn at random; the daily maximum per account; the appointment time
 * (empty or past: at once), with the quick options tomorrow, the day after and one week later.
 */
export function MassSendPacingFields({ form, rule }: { form: FormInstance<MassSendFormValues>; rule: Rule }) {
  const { t } = useTranslation()
  const method = Form.useWatch('method', form) as MassSendMethodValue | undefined
  const audience = Form.useWatch(['audience', 'type'], form)
  const seconds = t('massSend.form.seconds')
  const groups = audience === MassSendAudience.groups

  return (
    <>
      <Form.Item name="method" label={t('massSend.form.method')} required rules={[rule(['method'])]}>
        <Radio.Group
          options={Object.values(MassSendMethod).map((m) => ({
            value: m,
            // a group chat has no one reply or read to wait for
            disabled: groups && m !== MassSendMethod.oneByOne,
            label: <span data-testid={`mass-send-method-${m}`}>{t(`massSend.methods.${m}`)}</span>,
          }))}
        />
      </Form.Item>
      {method && method !== MassSendMethod.oneByOne ? (
        <Form.Item
          name="waitTimeout"
          label={t('massSend.form.waitTimeout')}
          extra={t('massSend.form.waitTimeoutHint')}
          rules={[rule(['waitTimeout'])]}
        >
          <InputNumber
            precision={0}
            suffix={seconds}
            style={{ width: 200 }}
            data-testid="mass-send-wait-timeout"
          />
        </Form.Item>
      ) : null}
      <RangeItem name="sentenceInterval" rule={rule} unit={seconds} />
      <RangeItem name="sendCount" rule={rule} unit={t('massSend.form.recipients')} />
      <RangeItem name="customerInterval" rule={rule} unit={seconds} />
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="dailyCap"
            label={t('massSend.form.dailyCap')}
            extra={t('massSend.form.dailyCapHint')}
            rules={[rule(['dailyCap'])]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="mass-send-daily-cap" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="appointmentAt"
            label={t('massSend.form.appointmentAt')}
            extra={t('massSend.form.appointmentHint')}
            rules={[rule(['appointmentAt'])]}
          >
            <DatePicker
              showTime
              allowClear
              format={DEFAULT_DATE_FORMAT}
              presets={datePresets(t)}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              placeholder={t('massSend.form.appointmentPlaceholder')}
              style={{ width: '100%' }}
              data-testid="mass-send-appointment"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  )
}
