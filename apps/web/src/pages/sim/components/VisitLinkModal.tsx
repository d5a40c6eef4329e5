import type { SimVisitResult } from '@app/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Button, Empty, Flex, Modal, Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { listSimDiversionLinks, visitAsPhone } from '../../../api/sim'
import { feedback } from '../../../app/feedback'
import { simKeys } from '../hooks'

/**
 * The phone opens a diversion link as a visitor would: the server counts the visit and the phone
 * sends the link's greeting (with its visit code) to the number the link chose.
 */
export function VisitLinkModal({
  phone,
  open,
  onClose,
  onVisited,
}: {
  phone: string
  open: boolean
  onClose: () => void
  /** the chat with the account the link chose, to open */
  onVisited: (result: SimVisitResult) => void
}) {
  const { t } = useTranslation()
  const [code, setCode] = useState<string | undefined>()
  const links = useQuery({ queryKey: simKeys.diversionLinks, queryFn: listSimDiversionLinks, enabled: open })
  const visit = useMutation({
    mutationFn: (c: string) => visitAsPhone(phone, c),
    onSuccess: (r) => {
      feedback().message.success({ content: t('sim.visited', { phone: r.account }) })
      setCode(undefined)
      onVisited(r)
      onClose()
    },
  })
  const list = links.data ?? []

  return (
    <Modal open={open} title={t('sim.visitTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('sim.visitHelp', { phone })}</Typography.Paragraph>
      {links.isSuccess && list.length === 0 ? (
        <Empty description={t('sim.visitNoLinks')} data-testid="sim-visit-empty" />
      ) : (
        <Flex gap={8}>
          <Select
            value={code}
            onChange={setCode}
            loading={links.isPending}
            placeholder={t('sim.visitPick')}
            style={{ flex: 1 }}
            options={list.map((l) => ({
              value: l.code,
              label: l.enabled
                ? `${l.name} (${l.code})`
                : `${l.name} (${l.code}) · ${t('sim.visitDisabled')}`,
            }))}
            data-testid="sim-visit-link"
          />
          <Button
            type="primary"
            disabled={!code}
            loading={visit.isPending}
            onClick={() => code && visit.mutateAsync(code).catch(() => undefined)}
            data-testid="sim-visit-submit"
          >
            {t('sim.visitSubmit')}
          </Button>
        </Flex>
      )}
    </Modal>
  )
}
