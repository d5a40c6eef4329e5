import { Alert, Button, Flex, Modal, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MODAL_WIDTH } from './modalWidth'

interface SecretModalProps {
  /** null: closed */
  secret: string | null
  title: string
  label: string
  /** how to use the secret */
  usage: ReactNode
  onClose: () => void
  testId: string
}

/**
 * A secret the server answers only when it makes it (it keeps a hash): shown here once, with a copy
 * button; closing the modal drops it from the page.
 */
export function SecretModal({ secret, title, label, usage, onClose, testId }: SecretModalProps) {
  const { t } = useTranslation()
  return (
    <Modal
      open={secret !== null}
      title={title}
      width={MODAL_WIDTH}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid={`${testId}-done`}>
          {t('integrations.done')}
        </Button>
      }
    >
      <Flex vertical gap={12} data-testid={testId}>
        <Alert type="warning" showIcon title={t('integrations.secretOnce')} />
        <div>
          <Typography.Text strong>{label}</Typography.Text>
          <Typography.Paragraph
            code
            copyable={{ text: secret ?? '', tooltips: [t('integrations.copy'), t('integrations.copied')] }}
            style={{ wordBreak: 'break-all', marginTop: 4 }}
            data-testid={`${testId}-value`}
          >
            {secret}
          </Typography.Paragraph>
        </div>
        <Typography.Text type="secondary">{usage}</Typography.Text>
      </Flex>
    </Modal>
  )
}
