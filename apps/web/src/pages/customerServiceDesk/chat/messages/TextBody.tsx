import { LinkOutlined } from '@ant-design/icons'
import { Typography } from 'antd'
import { linkCardOf, linkParts } from './format'

/** Text with its links clickable (emoji are plain characters). */
function LinkifiedText({ text }: { text: string }) {
  return (
    <span className="chat-text">
      {linkParts(text).map((p, i) =>
        p.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text
          <a key={i} href={p.href} target="_blank" rel="noreferrer noopener">
            {p.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text
          <span key={i}>{p.text}</span>
        ),
      )}
    </span>
  )
}

/** A message's words: an image-text link (title, text, link last) as a card, any other text as it is. */
export function TextBody({ text }: { text: string }) {
  const card = linkCardOf(text)
  if (!card) return <LinkifiedText text={text} />
  return (
    <div className="chat-link-card" data-testid="chat-link-card">
      {card.title && <Typography.Text strong>{card.title}</Typography.Text>}
      {card.text && <LinkifiedText text={card.text} />}
      <a href={card.link} target="_blank" rel="noreferrer noopener" className="chat-link-card-url">
        <LinkOutlined /> {card.link}
      </a>
    </div>
  )
}
