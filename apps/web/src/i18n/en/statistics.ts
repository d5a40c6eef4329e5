import type { statistics as zh } from '../zh/statistics'

export const statistics: typeof zh = {
  range: 'Dates',
  zoneNote:
    'Counted by the calendar days of the {{zone}} time zone (the business hours’ zone); figures up to {{time}}',
  zoneNoteEmpty:
    'Counted by the calendar days of the {{zone}} time zone (the business hours’ zone); nothing rolled up yet',
  zoneNoteZone: 'Counted by the calendar days of the {{zone}} time zone (the business hours’ zone)',
  refresh: 'Refresh',
  export: 'Export Excel',
  loadFailed: 'The statistics could not be loaded',
  retry: 'Retry',
  rangeTooLong: 'The statistics range is at most {{days}} days',
  preset: {
    today: 'Today',
    yesterday: 'Yesterday',
    last7Days: 'Last 7 days',
    last30Days: 'Last 30 days',
    last90Days: 'Last 90 days',
    thisMonth: 'This month',
  },
  figure: {
    messagesIn: 'Messages in',
    messagesOut: 'Messages out',
    newFans: 'New customers',
    sessionsOpened: 'Sessions opened',
    turns: 'Customer turns',
    turnsAnswered: 'Replied',
    turnsUnanswered: 'Unreplied',
    replyRate: 'Reply rate',
    p50: 'First response p50',
    p90: 'First response p90',
    breaches: 'Late answers',
  },
  help: {
    turns:
      'A customer turn starts when a customer writes while nothing of theirs waits for an answer; our next message is the first response.',
    percentile: 'First-response times are summed in log-scale buckets: within 4.4% above one second.',
    breaches:
      'Answers later than the service-level target, in business time; 0 while service-level targets are off.',
  },
  tab: {
    days: 'By day',
    accounts: 'By account',
    agents: 'By agent',
    sources: 'New customer sources',
    satisfaction: 'Satisfaction',
  },
  column: {
    day: 'Day',
    account: 'Account',
    agent: 'Agent',
    source: 'Source',
    link: 'Diversion link',
    count: 'New customers',
  },
  noAgent: 'No agent',
  noLink: 'Not from a link',
  noData: 'No data for these dates',
  noDataHint: 'Choose other dates, or refresh later for the latest figures',
  satisfaction: {
    title: 'Satisfaction ratings by agent and day',
    hint: 'Ratings (1–5) customers gave after a conversation was resolved, by the days of the business hours’ time zone; at most {{days}} days.',
    count: 'Ratings',
    average: 'Mean rating',
    averageHelp:
      'The mean of the customers’ ratings (1–5), to two decimals; the total line weighs each line by its ratings.',
    total: 'Total',
    empty: 'No satisfaction ratings in these dates',
    emptyHintOn:
      'The survey is on: customers are asked to rate a conversation when it is resolved, and their answers show here.',
    emptyHint:
      'Turn the satisfaction survey on in Settings → Service: customers are asked to rate a conversation when it is resolved.',
    openSettings: 'Open Settings → Service',
    rangeTooLong: 'The satisfaction report covers at most {{days}} days: choose a shorter range.',
    loadFailed: 'The satisfaction report could not be loaded',
  },
  chart: {
    title: 'Per day',
  },
  duration: {
    ms: '{{n}} ms',
    s: '{{n}} s',
    min: '{{n}} min',
    h: '{{n}} h',
  },
  home: {
    title: 'Today',
    messagesIn: 'Messages in today',
    messagesOut: 'Messages out today',
    unreplied: 'Sessions awaiting reply',
    offline: 'Numbers offline',
    warnings: 'Unhandled warnings',
    expiringPorts: 'Ports ending within 7 days',
    expiringSeats: 'Seats ending within 7 days',
    tenants: 'Customers',
    orders: 'Orders this month',
    revenue: 'Revenue this month',
    loadFailed: 'The figures could not be loaded',
  },
}
