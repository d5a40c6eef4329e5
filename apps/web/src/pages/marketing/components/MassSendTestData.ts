import type {
  DeskAccountView,
  MassSendCounters,
  MassSendRecipientView,
  MassSendTaskDetail,
  MassSendTaskView,
} from '@app/core'
import { canOf } from './MassSendLive'

/** Test data of the mass-send screens: tasks, their counters, a detail and recipients. */

export function makeCounters(o: Partial<MassSendCounters> = {}): MassSendCounters {
  return {
    total: 10,
    remaining: 6,
    pending: 5,
    active: 1,
    sent: 3,
    failed: 1,
    failedByReason: { invalid_customer: 1 },
    stopped: 0,
    cancelled: 0,
    delivered: 3,
    read: 2,
    replied: 1,
    messagesSent: 7,
    ...o,
  }
}

export function makeTask(o: Partial<MassSendTaskView> = {}): MassSendTaskView {
  const status = o.status ?? 'executing'
  return {
    id: 1,
    name: 'Spring sale',
    kind: 'personal',
    audience: 'customers',
    method: 'one_by_one',
    status,
    pauseReason: null,
    failReason: null,
    sentenceInterval: { min: 3, max: 8 },
    customerInterval: { min: 30, max: 60 },
    sendCount: { min: 10, max: 20 },
    dailyCap: 0,
    waitTimeout: 86_400,
    appointmentAt: null,
    sentenceCount: 2,
    accountIds: [],
    customerFilter: { all: false, includeLabelIds: [5], excludeLabelIds: [], country: null, source: null },
    ownerUserId: 10,
    createdBy: 10,
    createdByName: 'Mia',
    counters: makeCounters(),
    createdAt: Date.UTC(2026, 0, 5, 9),
    startedAt: Date.UTC(2026, 0, 5, 9, 1),
    finishedAt: null,
    can: canOf(status),
    ...o,
  }
}

export function makeDetail(o: Partial<MassSendTaskDetail> = {}): MassSendTaskDetail {
  return {
    ...makeTask(o),
    sentences: [
      { index: 0, type: 'text', text: 'Hello {nickname}', mediaId: null, materialId: null, meta: {} },
      { index: 1, type: 'image', text: '', mediaId: 9, materialId: null, meta: {} },
    ],
    accounts: [{ id: 1, phone: '8613800138000', status: 'online', total: 10, remaining: 6 }],
    events: [
      {
        id: 1,
        kind: 'started',
        at: Date.UTC(2026, 0, 5, 9, 1),
        accountId: null,
        accountPhone: null,
        count: 0,
        reason: null,
        toAccountIds: [],
      },
    ],
    ...o,
  }
}

export function makeRecipient(o: Partial<MassSendRecipientView> = {}): MassSendRecipientView {
  return {
    id: 1,
    phone: '8613911110001',
    fanId: 3,
    groupChatId: null,
    title: 'Wang',
    accountId: 1,
    accountPhone: '8613800138000',
    movedFromAccountId: null,
    state: 'sent',
    failureReason: null,
    onWhatsApp: null,
    startedAt: Date.UTC(2026, 0, 5, 9, 2),
    finishedAt: Date.UTC(2026, 0, 5, 9, 3),
    sentences: [
      {
        index: 0,
        messageId: 501,
        status: 'sent',
        delivery: 'read',
        failureReason: null,
        queuedAt: Date.UTC(2026, 0, 5, 9, 2),
        at: Date.UTC(2026, 0, 5, 9, 2),
      },
    ],
    ...o,
  }
}

export const deskAccount = (o: Partial<DeskAccountView> = {}): DeskAccountView => ({
  id: 1,
  phone: '8613800138000',
  pushName: '',
  remark: '',
  status: 'online',
  abnormalReason: null,
  sessionCount: 2,
  unreadCount: 0,
  ...o,
})
