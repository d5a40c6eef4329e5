import { massSendAudienceCountBody } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import type { FormInstance } from 'antd'
import { Form } from 'antd'
import { massSendAudiencePreview } from '../../../api/massSend'
import { useSettled } from '../../../hooks/useSettled'
import type { MassSendFormValues } from './MassSendForm'
import { rawBody } from './MassSendForm'
import { useMassSendKeys } from './MassSendLive'

/** Wait this long after the last change before asking the server whom the audience reaches. */
const COUNT_DELAY_MS = 400

/**
 * Whom the form's customer audience reaches now: how many, and the first few recipients with the
 * values the variables take for them. Asked once the filter has settled, and only for a customer
 * audience that names all customers or a label; the count and the preview share one request.
 */
export function useAudiencePreview(form: FormInstance<MassSendFormValues>) {
  const values = Form.useWatch([], form) as MassSendFormValues | undefined
  const raw = values?.audience ? rawBody({ ...values, sentences: [] }) : null
  const parsed = raw
    ? massSendAudienceCountBody.safeParse({ audience: raw.audience, accountIds: raw.accountIds })
    : null
  const body = useSettled(parsed?.success ? parsed.data : null, COUNT_DELAY_MS)
  const reaches =
    body?.audience.type === 'customers' && (body.audience.all || body.audience.includeLabelIds.length > 0)
  const keys = useMassSendKeys()
  const query = useQuery({
    queryKey: [...keys.audienceCount, body],
    queryFn: () => massSendAudiencePreview(body as NonNullable<typeof body>),
    enabled: reaches,
  })
  return { ...query, reaches }
}
