// Notification registration as Safe's Client Gateway serves it (POST /v1/register/notifications): register a
// device for Safes (owners sign), unregister one Safe, unregister the device. Delivery needs no push service: WEB
// devices read their feed (notificationFeed.routes.ts) and operators get webhooks (webhooks/).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { isAddress } from 'viem'
import { type BudgetSettings, clientOf, createClientBudget } from '../../http/clientBudget.ts'
import { ChainIdParam, errorResponses, pathAddress } from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { NotificationsRepository } from './notifications.repository.ts'
import { checkRegistration } from './registerDevice.ts'

/** Safes one request may register in all (each costs an on-chain owners read). */
export const MAX_SAFES_PER_REGISTRATION = 50

/** A device id: a UUID, which for a WEB device is also the secret that reads its feed. */
export const DeviceUuid = z.uuid('Invalid UUID').openapi({ param: { name: 'uuid', in: 'path' } })

const text = (max: number) => z.string().max(max, `Too long (at most ${max} characters)`)
const signature = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'Invalid signature (65 bytes hex)')
  .openapi({ example: `0x${'ab'.repeat(65)}` })
const SafeRegistration = z.object({
  // Safe{Wallet} sends chain ids as strings; a number is accepted too.
  chainId: z.union([ChainIdParam, z.number().int().positive().transform(String).pipe(ChainIdParam)]),
  // Kept as sent: the signature covers the client's own spelling of each address.
  safes: z
    .array(z.string().refine((v) => isAddress(v, { strict: false }), 'Invalid address'))
    .min(1, 'At least one Safe is required')
    .max(MAX_SAFES_PER_REGISTRATION),
  signatures: z.array(signature).max(10, 'At most 10 signatures per chain'),
})
const RegisterBody = z
  .object({
    uuid: z.uuid('Invalid UUID'),
    cloudMessagingToken: text(4096).min(1, 'A cloudMessagingToken is required'),
    buildNumber: text(100),
    bundle: text(200),
    deviceType: z.enum(['ANDROID', 'IOS', 'WEB']),
    version: text(100),
    // Required here (CGW makes it optional): without it the signatures could be replayed forever.
    timestamp: z.string().regex(/^\d{1,12}$/, 'Invalid timestamp (unix seconds)'),
    safeRegistrations: z.array(SafeRegistration).min(1).max(10),
  })
  .refine(
    (b) => b.safeRegistrations.reduce((n, r) => n + r.safes.length, 0) <= MAX_SAFES_PER_REGISTRATION,
    `At most ${MAX_SAFES_PER_REGISTRATION} Safes per registration`,
  )
  .openapi('RegisterNotifications')

const register = createRoute({
  method: 'post',
  path: '/v1/register/notifications',
  tags: ['notifications'],
  request: { body: { content: { 'application/json': { schema: RegisterBody } }, required: true } },
  responses: {
    200: { description: 'Registered (empty body)' },
    400: errorResponses[422],
    ...errorResponses,
  },
})
const deviceParams = z.object({ chainId: ChainIdParam, uuid: DeviceUuid })
const unregisterSafe = createRoute({
  method: 'delete',
  path: '/v1/chains/{chainId}/notifications/devices/{uuid}/safes/{safeAddress}',
  tags: ['notifications'],
  request: {
    params: deviceParams.extend({
      safeAddress: pathAddress('safeAddress'),
    }),
  },
  responses: { 200: { description: 'Unregistered (empty body)' }, ...errorResponses },
})
const unregisterDevice = createRoute({
  method: 'delete',
  path: '/v1/chains/{chainId}/notifications/devices/{uuid}',
  tags: ['notifications'],
  request: { params: deviceParams },
  responses: { 200: { description: 'Unregistered (empty body)' }, ...errorResponses },
})

export function createNotificationsRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  rpc: RpcClients
  notifications: NotificationsRepository
  budget?: BudgetSettings | undefined
}) {
  const { notifications } = deps
  /** Registrations a client may send: 20 at once, then one every 3 s (each checks owners on chain). */
  const registrations = createClientBudget(
    'registering devices',
    deps.budget ?? { capacity: 20, refillPerSecond: 1 / 3 },
  )
  return (
    new OpenAPIHono()
      .openapi(register, async (c) => {
        registrations.spend(clientOf(c.req.raw), 1)
        const body = c.req.valid('json')
        const subscriptions = await checkRegistration(deps, body)
        const { uuid, cloudMessagingToken, buildNumber, bundle, deviceType, version } = body
        await notifications.register(
          { uuid, cloudMessagingToken, buildNumber, bundle, deviceType, version },
          subscriptions,
          // As CGW: a mobile device's registration replaces its Safes; a browser adds to them.
          deviceType !== 'WEB',
        )
        return c.body(null, 200)
      })
      // Both deletes answer 200 whether or not there was something to delete (the uuid is the device's
      // secret: knowing it is the authorisation, and a repeated unregister is not an error).
      .openapi(unregisterSafe, async (c) => {
        const { chainId, uuid, safeAddress } = c.req.valid('param')
        await notifications.unregisterSafe(uuid, Number(chainId), safeAddress)
        return c.body(null, 200)
      })
      .openapi(unregisterDevice, async (c) => {
        // CGW ignores the chain here: the device goes everywhere.
        await notifications.unregisterDevice(c.req.valid('param').uuid)
        return c.body(null, 200)
      })
  )
}
