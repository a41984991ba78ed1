// Which event types a Safe's team is notified of (Concord extension). Anyone may read them (they only say
// which types are off); changing them is team data: a signed-in owner of the Safe (Sign-In with Ethereum).
// A type switched off is not stored for the Safe at all: no feed entry, no webhook.
import { NOTIFICATION_TYPES } from '@concord/safe/notificationTypes'
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { Address } from 'viem'
import type { ChangeBus } from '../../changes/changeBus.ts'
import { requireSafe } from '../../http/require.ts'
import { requireSignedInOwner } from '../../http/requireSignedIn.ts'
import { ErrorSchema, errorResponses, jsonResponse as json, SafeParams } from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { AuthRepository } from '../auth/auth.repository.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { NotificationsRepository } from './notifications.repository.ts'

const PreferencesSchema = z
  .object({
    /** Every type there is, in a stable order. */
    eventTypes: z.array(z.enum(NOTIFICATION_TYPES)),
    disabledTypes: z.array(z.enum(NOTIFICATION_TYPES)),
    updatedBy: z.string().nullable(),
    /** Milliseconds. */
    updatedAt: z.number().int().nullable(),
  })
  .openapi('NotificationPreferences')
const PutBody = z
  .object({
    disabledTypes: z
      .array(z.enum(NOTIFICATION_TYPES))
      .max(NOTIFICATION_TYPES.length)
      .refine((l) => new Set(l).size === l.length, 'Each type at most once'),
  })
  .openapi('NotificationPreferencesUpdate')
const path = '/v1/chains/{chainId}/safes/{safeAddress}/notifications/preferences'
const teamErrors = {
  ...errorResponses,
  401: json(ErrorSchema, 'Not signed in'),
  403: json(ErrorSchema, 'Not an owner of the Safe'),
} as const

const get = createRoute({
  method: 'get',
  path,
  tags: ['notifications'],
  request: { params: SafeParams },
  responses: { 200: json(PreferencesSchema, 'The Safe’s notification preferences'), ...errorResponses },
})
const put = createRoute({
  method: 'put',
  path,
  tags: ['notifications'],
  request: {
    params: SafeParams,
    body: { content: { 'application/json': { schema: PutBody } }, required: true },
  },
  responses: { 200: json(PreferencesSchema, 'Stored'), ...teamErrors },
})

export function createNotificationPreferencesRoutes(deps: {
  auth: AuthRepository
  chains: ChainsRepository
  safes: SafesRepository
  rpc: RpcClients
  notifications: NotificationsRepository
  changes: ChangeBus
}) {
  const read = async (chainId: number, safe: string) => {
    const row = await deps.notifications.preferences(chainId, safe)
    const disabled = new Set(row?.disabledTypes ?? [])
    return {
      eventTypes: [...NOTIFICATION_TYPES],
      disabledTypes: NOTIFICATION_TYPES.filter((t) => disabled.has(t)),
      updatedBy: row?.updatedBy ?? null,
      updatedAt: row?.updatedAt ?? null,
    }
  }
  return new OpenAPIHono()
    .openapi(get, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
      return c.json(await read(chain.chainId, safe.address), 200)
    })
    .openapi(put, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
      const owner = await requireSignedInOwner(deps, c.req.raw, chain.chainId, safe.address as Address)
      await deps.notifications.setPreferences({
        chainId: chain.chainId,
        safe: safe.address,
        disabledTypes: c.req.valid('json').disabledTypes,
        updatedBy: owner,
        updatedAt: Date.now(),
      })
      deps.changes.publish({
        type: 'TEAM_DATA_UPDATED',
        chainId: chain.chainId,
        address: safe.address as Address,
        what: 'notifications',
      })
      return c.json(await read(chain.chainId, safe.address), 200)
    })
}
