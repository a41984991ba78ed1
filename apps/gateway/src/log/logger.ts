// The gateway's logger (pino): one JSON object per line on stdout, or a short readable line on a terminal.
// Each part logs through a child naming it (`module`, and `chainId`, `reqId`, … where they apply); the level
// comes from LOG_LEVEL / CONCORD_LOG_LEVEL (config.logLevel, set by createGateway).
//
// Not pino-pretty: it adds 14 packages and runs, like every pino transport, in a worker thread (several MB
// resident in a process kept small on purpose). The terminal format below is the few lines a person reading
// a console needs; anything that reads logs gets the JSON.
import { type Logger, pino } from 'pino'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
export type { Logger }

export type LoggerOptions = {
  level?: LogLevel
  /** Where each line goes (default process.stdout, looked up at each write). */
  write?: (line: string) => void
  /** Readable lines rather than JSON (default: when stdout is a terminal). */
  pretty?: boolean
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write ?? ((line: string) => void process.stdout.write(line))
  const pretty = options.pretty ?? process.stdout.isTTY === true
  return pino(
    {
      level: options.level ?? 'info',
      // Level names rather than numbers, and ISO times: lines read the same in a file and in a log store.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      base: { pid: process.pid },
    },
    { write: pretty ? (line: string) => write(prettyLine(line)) : write },
  )
}

/** The process's logger. */
export const log: Logger = createLogger()

/** Sets the level of `log` and of every child made from it (pino children follow their parent's changes). */
export function setLogLevel(level: LogLevel): void {
  log.level = level
}

const LEVEL_TAGS: Record<string, string> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO ',
  warn: 'WARN ',
  error: 'ERROR',
  fatal: 'FATAL',
}
/** Keys every line has, shown in the line's prefix or not at all. */
const PREFIX_KEYS = new Set(['level', 'time', 'pid', 'msg', 'module', 'err'])

/** `12:00:01.234 WARN  [indexer] message key=value …`, then an error's stack. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(json) as Record<string, unknown>
  } catch {
    return json
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : ''
  const module = entry.module ? ` [${String(entry.module)}]` : ''
  const fields = Object.entries(entry)
    .filter(([key]) => !PREFIX_KEYS.has(key))
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('')
  const err = entry.err as { stack?: string; message?: string } | undefined
  const stack = err ? `\n  ${(err.stack ?? err.message ?? '').replaceAll('\n', '\n  ')}` : ''
  return `${time} ${LEVEL_TAGS[String(entry.level)] ?? String(entry.level)}${module} ${String(entry.msg ?? '')}${fields}${stack}\n`
}
