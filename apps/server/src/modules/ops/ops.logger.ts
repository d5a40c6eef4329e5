import { type Logger, type LoggerOptions, pino } from 'pino'

/**
 * The server's logger: readable lines (pino-pretty: time, level, message, fields) when the output
 * is a terminal, one JSON object per line when it is piped to a file or a log collector.
 */
export function loggerOptions(level: LoggerOptions['level'], tty: boolean): LoggerOptions {
  if (!tty) return { level }
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  }
}

export function createLogger(level: LoggerOptions['level'], tty = process.stdout.isTTY === true): Logger {
  return pino(loggerOptions(level, tty))
}
