import type { AcquisitionShareView } from '@app/core'
import { Button, DatePicker, Flex, Form, Input, Modal, Result } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type AccountOption, type AcquisitionShareInput, shareLink } from '../../../../api/acquisition'
import { datePresets } from '../../../../utils/date'
import { AccountSelect } from './AccountSelect'
import { useCopy } from './useCopy'

interface Props {
  open: boolean
  accounts: AccountOption[]
  /** the accounts chosen in the page's filter, offered as the default */
  initialAccountIds: number[]
  onClose: () => void
  onCreate: (input: AcquisitionShareInput) => Promise<AcquisitionShareView>
}

interface Values {
  accountIds?: number[]
  expiresAt?: Dayjs | null
}

/** Creates a read-only share of the statistics, then shows its link with a copy button. */
export function ShareModal({ open, accounts, initialAccountIds, onClose, onCreate }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [created, setCreated] = useState<AcquisitionShareView | null>(null)
  const [saving, setSaving] = useState(false)
  const copy = useCopy()

  const submit = async (values: Values) => {
    setSaving(true)
    try {
      const ids = values.accountIds ?? []
      const share = await onCreate({
        ...(ids.length ? { accountIds: ids } : {}),
        expiresAt: values.expiresAt ? values.expiresAt.valueOf() : null,
      })
      setCreated(share)
    } catch {
      // the request client already told the user; the form stays as it was
    } finally {
      setSaving(false)
    }
  }

  const link = created ? shareLink(created.code) : ''
  return (
    <Modal
      open={open}
      title={t('acquisition.share.createTitle')}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setCreated(null)}
      footer={
        created ? (
          <Button type="primary" onClick={onClose} data-testid="acquisition-share-done">
            {t('acquisition.share.done')}
          </Button>
        ) : (
          <Flex gap={8} justify="flex-end">
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={saving}
              onClick={() => form.submit()}
              data-testid="acquisition-share-submit"
            >
              {t('acquisition.share.create')}
            </Button>
          </Flex>
        )
      }
    >
      {created ? (
        <Result
          status="success"
          title={t('acquisition.share.created')}
          style={{ padding: '16px 0' }}
          extra={
            <Flex gap={8}>
              <Input readOnly value={link} data-testid="acquisition-share-link" />
              <Button type="primary" onClick={() => void copy(link)} data-testid="acquisition-share-copy">
                {t('acquisition.share.copy')}
              </Button>
            </Flex>
          }
        />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ accountIds: initialAccountIds, expiresAt: null }}
        >
          <Form.Item
            name="accountIds"
            label={t('acquisition.share.accounts')}
            extra={t('acquisition.share.accountsHint')}
          >
            <AccountSelect accounts={accounts} testId="acquisition-share-accounts" />
          </Form.Item>
          <Form.Item
            name="expiresAt"
            label={t('acquisition.share.expiresAt')}
            extra={t('acquisition.share.expiresAtHint')}
            rules={[
              {
                validator: (_, value: Dayjs | null | undefined) =>
                  !value || value.isAfter(dayjs())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('acquisition.share.expiresPast'))),
              },
            ]}
          >
            <DatePicker
              showTime
              presets={datePresets(t)}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              style={{ width: '100%' }}
              data-testid="acquisition-share-expires"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
