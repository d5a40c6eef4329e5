/** The messages of the desk's status changes and notes, keyed like the shared validation messages. */
export const deskNotesValidationMessages = {
  zh: {
    'session.statusTooMany': '每次最多修改200个会话的状态',
    'session.statusInvalid': '会话状态只能是：处理中、待客户回复、稍后提醒、已解决',
    'session.snoozeUntil': '请选择有效的提醒时间',
    'session.snoozeUntilRequired': '稍后提醒需要选择提醒时间',
    'session.snoozeUntilPast': '提醒时间必须晚于当前时间',
    'session.snoozeUntilOnlySnoozed': '只有稍后提醒需要提醒时间',
    'session.noteRequired': '请输入备注内容',
    'session.noteTooLong': '备注最多2000个字符',
    'session.mentionsTooMany': '每条备注最多提及50人',
    'session.mentionsReadNone': '请选择要标记为已读的提及',
  },
  en: {
    'session.statusTooMany': 'At most 200 sessions can change status at a time',
    'session.statusInvalid': 'The status is one of: open, pending, snoozed, resolved',
    'session.snoozeUntil': 'Choose a valid time to snooze until',
    'session.snoozeUntilRequired': 'Choose the time to snooze until',
    'session.snoozeUntilPast': 'The snooze must end in the future',
    'session.snoozeUntilOnlySnoozed': 'Only a snooze takes a time to snooze until',
    'session.noteRequired': 'Enter the note',
    'session.noteTooLong': 'A note is at most 2000 characters',
    'session.mentionsTooMany': 'A note mentions at most 50 people',
    'session.mentionsReadNone': 'Choose the mentions to mark read',
  },
}
