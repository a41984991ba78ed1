import { describe, expect, it } from 'vitest'
import { FatalError } from '../errors/GatewayError.ts'
import { createLogger, prettyLine } from './logger.ts'

const capture = (level: 'info' | 'warn' = 'info', pretty = false) => {
  const lines: string[] = []
  const logger = createLogger({ level, pretty, write: (line) => lines.push(line) })
  return { logger, lines }
}

describe('logger', () => {
  it('default: one JSON object per line with a level name, an ISO time, the pid, bindings and the message', () => {
    const { logger, lines } = capture()
    logger.child({ module: 'indexer', chainId: 1 }).info({ block: 7 }, 'window committed')
    expect(lines).toHaveLength(1)
    const line = lines[0] as string
    expect(line.endsWith('\n')).toBe(true)
    expect(JSON.parse(line)).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pid: process.pid,
      module: 'indexer',
      chainId: 1,
      block: 7,
      msg: 'window committed',
    })
  })

  it('behavior: lines below the level are not written; a child follows a later level of its parent', () => {
    const { logger, lines } = capture('warn')
    const child = logger.child({ module: 'rpc' })
    logger.info('hidden')
    logger.warn('shown')
    logger.level = 'debug'
    child.debug('child debug')
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['shown', 'child debug'])
  })

  it('behavior: an error is serialised with its type, short message, details and retryable flag', () => {
    const { logger, lines } = capture()
    logger.error({ err: new FatalError('bad log', { details: 'topic 0x12' }) }, 'window failed')
    expect(JSON.parse(lines[0] as string).err).toMatchObject({
      type: 'FatalError',
      message: 'bad log',
      shortMessage: 'bad log',
      details: 'topic 0x12',
      retryable: false,
      stack: expect.stringContaining('FatalError: bad log'),
    })
  })

  it('behavior: on a terminal a line reads as time, level, module, message and fields', () => {
    const { logger, lines } = capture('info', true)
    logger.child({ module: 'rpc' }).warn({ url: 'https://node' }, 'rate-limited')
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}\[rpc\] rate-limited url=https:\/\/node\n$/)
    expect(prettyLine('not json')).toBe('not json')
  })
})
