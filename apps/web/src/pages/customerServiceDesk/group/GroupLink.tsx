import type { GroupInfoView, GroupLinkView } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Image, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { groupLink, resetGroupLink } from '../../../api/group'
import { ConfirmCountdownButton } from '../../../components/ConfirmCountdownButton'
import { patchGroupInfo } from './useGroup'

/**
 * The group's invite link and its QR code. Only the owner or an admin gets it from WhatsApp or
 * resets it (the old link and code then stop working); everyone sees the last one fetched.
 */
export function GroupLink({ info }: { info: GroupInfoView }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [busy, setBusy] = useState(false)
  const apply = (v: GroupLinkView) =>
    patchGroupInfo(qc, info.sessionId, { inviteLink: v.link, inviteQr: v.qrDataUrl })

  const fetchLink = async () => {
    setBusy(true)
    try {
      apply(await groupLink(info.sessionId))
    } catch {
      // the request client told the user
    } finally {
      setBusy(false)
    }
  }
  const reset = async () => {
    apply(await resetGroupLink(info.sessionId))
    message.success(t('group.link.resetDone'))
  }

  return (
    <Flex vertical gap={8} data-testid="group-link">
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('group.link.title')}</Typography.Text>
        {info.can.link ? (
          <Flex gap={4}>
            <Button size="small" loading={busy} onClick={() => void fetchLink()} data-testid="group-link-get">
              {t('group.link.get')}
            </Button>
            {info.inviteLink ? (
              <ConfirmCountdownButton
                size="small"
                danger
                title={t('group.link.resetTitle')}
                content={t('group.link.resetContent')}
                okText={t('group.link.reset')}
                onConfirm={reset}
                testId="group-link-reset"
              >
                {t('group.link.reset')}
              </ConfirmCountdownButton>
            ) : null}
          </Flex>
        ) : null}
      </Flex>
      {info.inviteLink ? (
        <Flex vertical align="center" gap={6}>
          <Typography.Text copyable style={{ wordBreak: 'break-all' }} data-testid="group-link-text">
            {info.inviteLink}
          </Typography.Text>
          {info.inviteQr ? (
            <Image
              src={info.inviteQr}
              alt={t('group.link.qrAlt')}
              width={160}
              height={160}
              data-testid="group-link-qr"
            />
          ) : null}
        </Flex>
      ) : (
        <Typography.Text type="secondary">
          {info.can.link ? t('group.link.none') : t('group.link.onlyAdmin')}
        </Typography.Text>
      )}
    </Flex>
  )
}
