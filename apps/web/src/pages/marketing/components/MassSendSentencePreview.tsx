import { fillMassSendVariables, type MassSendVariableValues } from '@app/core'
import { Card, Flex, Form, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { MassSendFallbackWarning } from './MassSendFallbackWarning'
import type { MassSendFormValues, SentenceDraft } from './MassSendForm'
import { useAudiencePreview } from './useAudiencePreview'

/** The text a sentence sends where variables are filled: a text, or a caption (a material's too). */
function sentenceText(draft: SentenceDraft): string | null {
  const content = draft.sentence.type === 'material' ? draft.material?.content : draft.sentence
  if (!content) return null
  if (content.type === 'text') return content.text
  return 'caption' in content && content.caption ? content.caption : null
}

/** The sending number the samples show. */
const SAMPLE_ACCOUNT = '8613800138000'

/**
 * Sample recipients, one of them without a nickname (so a fallback shows), for an audience whose
 * recipients are not known yet (no label chosen, strangers, groups); the note says so.
 */
function samples(t: (key: string) => string): MassSendVariableValues[] {
  return [
    { nickname: t('massSend.preview.sampleName1'), phone: '447700900001', account: SAMPLE_ACCOUNT },
    { nickname: '', phone: '447700900002', account: SAMPLE_ACCOUNT },
    { nickname: t('massSend.preview.sampleName3'), phone: '447700900003', account: SAMPLE_ACCOUNT },
  ]
}

/**
 * Under the sentence list: a warning for each sentence that uses a variable some recipients lack
 * without a fallback, and the first sentence as three sample recipients would read it.
 */
export function MassSendSentencePreview() {
  const { t } = useTranslation()
  const form = Form.useFormInstance<MassSendFormValues>()
  const drafts: SentenceDraft[] = Form.useWatch('sentences', form) ?? []
  const audience = useAudiencePreview(form)
  // the audience's own first recipients once known, else samples
  const real = audience.reaches ? (audience.data?.sample ?? []) : []
  const recipients = real.length ? real : samples(t)
  const texts = drafts.map(sentenceText)
  const first = texts[0] ?? null
  const filled = first === null ? [] : recipients.map((v) => fillMassSendVariables(first, v))
  const hasVariables = filled.some((f) => f !== first)
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="mass-send-preview">
      {texts.map((text, i) =>
        text === null ? null : <MassSendFallbackWarning key={drafts[i]?.key ?? i} text={text} quote />,
      )}
      {hasVariables ? (
        <Card size="small" title={t('massSend.preview.title')}>
          <Typography.Paragraph type="secondary" data-testid="mass-send-preview-note">
            {real.length
              ? t('massSend.preview.realNote', { count: real.length })
              : t('massSend.preview.sampleNote')}
          </Typography.Paragraph>
          <Flex vertical gap={4}>
            {filled.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the recipients shown keep their order
              <Typography.Text key={i} data-testid={`mass-send-preview-${i}`}>
                {line}
              </Typography.Text>
            ))}
          </Flex>
        </Card>
      ) : null}
    </Flex>
  )
}
