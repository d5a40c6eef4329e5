import { SmileOutlined } from '@ant-design/icons'
import { Button, Popover, Tooltip } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Common emoji of customer conversations: faces, gestures, hearts, symbols. */
const EMOJI: readonly string[] = `
😀 😃 😄 😁 😆 😅 😂 🤣 😊 😇 🙂 🙃 😉 😌 😍 🥰 😘 😋 😛 😜 🤪 🤗 🤔 🤭 🤫 😐 😑 😶 😏 😒
🙄 😬 😔 😪 😴 😷 🤒 🥳 😎 🤓 😕 😟 🙁 😮 😲 😳 🥺 😢 😭 😱 😖 😣 😞 😓 😩 😫 😤 😡 😠 🤯
👍 👎 👌 ✌️ 🤞 🤝 🙏 👏 🙌 👋 💪 👀 🤷 🙋 💯 ✅ ❌ ❗ ❓ 🔥 ⭐ 🌟 ✨ 🎉 🎁 🎈 💰 💵 📦 🚚
❤️ 🧡 💛 💚 💙 💜 🖤 💔 💕 💖 🌹 🌸 ☀️ 🌙 ☕ 🍰 🍎 📞 📷 ⏰`
  .split(/\s+/)
  .filter(Boolean)

/** The emoji button and its panel; a pick is inserted where the cursor is. */
export function EmojiPanel({ onPick, disabled }: { onPick(emoji: string): void; disabled?: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const grid = (
    <div className="chat-emoji-grid" data-testid="chat-emoji-panel">
      {EMOJI.map((e) => (
        <button
          type="button"
          key={e}
          className="chat-emoji"
          onClick={() => {
            onPick(e)
            setOpen(false)
          }}
        >
          {e}
        </button>
      ))}
    </div>
  )
  return (
    <Popover content={grid} trigger="click" open={open} onOpenChange={setOpen} placement="topLeft">
      <Tooltip title={t('chat.composer.emoji')}>
        <Button
          type="text"
          icon={<SmileOutlined />}
          disabled={disabled}
          aria-label={t('chat.composer.emoji')}
          data-testid="chat-emoji"
        />
      </Tooltip>
    </Popover>
  )
}
