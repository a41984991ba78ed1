import { describe, expect, it } from 'vitest'
import { parseMessageInput } from './api/requests'

describe('parseMessageInput', () => {
  it('default: text as it is, typed data from JSON', () => {
    expect(parseMessageInput('text', 'hello')).toEqual({ ok: true, message: 'hello' })
    const typed = {
      domain: { name: 'x' },
      types: { M: [{ name: 'a', type: 'uint8' }] },
      primaryType: 'M',
      message: { a: 1 },
    }
    expect(parseMessageInput('typed', JSON.stringify(typed))).toEqual({ ok: true, message: typed })
  })

  it('error: empty text, bad JSON, and the gateway’s own texts for bad typed data', () => {
    expect(parseMessageInput('text', '')).toMatchObject({ ok: false, error: 'Enter the message to sign' })
    expect(parseMessageInput('typed', '{')).toMatchObject({
      ok: false,
      error: 'The typed data is not valid JSON',
    })
    expect(parseMessageInput('typed', '"a string"')).toMatchObject({ ok: false, error: 'Invalid typed data' })
    expect(parseMessageInput('typed', '42')).toMatchObject({ ok: false, error: 'Invalid message type' })
    expect(
      parseMessageInput('typed', JSON.stringify({ domain: {}, types: { M: [] }, message: {} })),
    ).toMatchObject({ ok: false, error: 'Please specify primaryType' })
  })
})
