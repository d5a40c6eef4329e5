import { Modal } from 'antd'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import './deskSession.css'

type Key =
  | 'alt'
  | 'shift'
  | 'enter'
  | 'esc'
  | 'tab'
  | 'up'
  | 'down'
  | 'slash'
  | 'question'
  | 'r'
  | 'mod'
  | 'k'

/**
 * Each shortcut's keys, pressed together, and what it does; the desk's keys are in useDeskShortcuts,
 * the command palette's (Ctrl+K, ⌘K on a Mac) in components/commandPalette.
 */
const SHORTCUTS: [keys: Key[], action: string][] = [
  [['alt', 'up'], 'previous'],
  [['alt', 'down'], 'next'],
  [['alt', 'r'], 'resolve'],
  [['enter'], 'open'],
  [['slash'], 'composer'],
  [['enter'], 'send'],
  [['shift', 'enter'], 'newLine'],
  [['tab'], 'skip'],
  [['question'], 'help'],
  [['esc'], 'close'],
  [['mod', 'k'], 'palette'],
]

/** The help sheet of the desk's keyboard shortcuts ("?" opens it). */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('desk.keyboard.helpTitle')} width={520}>
      <table className="desk-shortcuts" data-testid="desk-shortcut-sheet">
        <thead>
          <tr>
            <th scope="col">{t('desk.keyboard.keys')}</th>
            <th scope="col">{t('desk.keyboard.action')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(([keys, action]) => (
            <tr key={action} data-testid={`desk-shortcut-${action}`}>
              <td>
                {keys.map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 ? ' + ' : null}
                    <kbd>{t(`desk.keyboard.keyNames.${key}`)}</kbd>
                  </Fragment>
                ))}
              </td>
              <td>{t(`desk.keyboard.shortcuts.${action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  )
}
