import { describe, expect, it } from 'vitest'
import { formatGatewayError, GatewayError, toGatewayError } from './gateway'

describe('toGatewayError', () => {
  it('behavior: error envelope becomes "code: message"', () => {
    const error = toGatewayError(new Error('CGW error - 422: Invalid chain id'))
    expect(error).toBeInstanceOf(GatewayError)
    expect(error.message).toBe('422: Invalid chain id')
    expect(error.code).toBe(422)
  })

  it('behavior: no envelope falls back to the status text', () => {
    expect(formatGatewayError(new Error('CGW error - status Service Unavailable'))).toBe(
      'Service Unavailable',
    )
  })

  it('behavior: empty status text', () => {
    expect(formatGatewayError(new Error('CGW error - status '))).toBe('Request failed')
  })

  it('behavior: network failure', () => {
    expect(formatGatewayError(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the gateway (Failed to fetch)',
    )
  })

  it('behavior: keeps an existing GatewayError', () => {
    const original = new GatewayError('Invalid response content')
    expect(toGatewayError(original)).toBe(original)
  })

  it('behavior: non-Error values', () => {
    expect(formatGatewayError('boom')).toBe('boom')
  })
})
