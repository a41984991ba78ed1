// Off-chain messages (the Client Gateway's messages routes, as Safe{Wallet} uses them): list a Safe's messages,
// read one, create one with its proposer's signature (202) and add owner signatures. Every signature is verified
// against the Safe message hash the server computes and the owners the chain has now, before anything is stored;
// each write is published on the change bus (MESSAGE_CREATED, MESSAGE_CONFIRMATION, MESSAGE_CONFIRMED at the
// threshold).
import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi'
import { type Address, getAddress, type Hex, isAddressEqual } from 'viem'
import type { ChangeBus } from '../../changes/changeBus.ts'
import { type BudgetSettings, clientOf, createClientBudget } from '../../http/clientBudget.ts'
import { HttpError, NotFoundError } from '../../http/errors.ts'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { requireChain, requireSafe } from '../../http/require.ts'
import {
  CursorQuery,
  errorResponses,
  jsonResponse as json,
  pageSchema,
  SafeParams,
} from '../../http/schemas.ts'
import { createWorkQueue, type WorkQueueSettings } from '../../http/workQueue.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import { readOnChainSafe } from '../../safe/onChainSafe.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import {
  checkMessageSignature,
  requireContractSignerIsOwner,
  requireMessageSignatureShape,
  requireSafeRef,
  requireValidMessage,
} from './messageChecks.ts'
import { toMessage, withDateLabels } from './messages.mapper.ts'
import type { MessageConfirmationRow, MessagesRepository } from './messages.repository.ts'
import {
  AddSignatureBody,
  CreateMessageBody,
  hashParams,
  MessageListItem,
  MessageSchema,
} from './messages.schemas.ts'

/**
 * Typed-data values a client may have hashed: 4 messages of the largest size at once, one per second after
 * (~20–60 ms of CPU per 1,024 values).
 */
export const MESSAGE_HASHING_BUDGET: BudgetSettings = { capacity: 4 * 1024, refillPerSecond: 1024 }
/** Messages hashed at once in the process (one: hashing holds the event loop), waiting at most, per client. */
export const MESSAGE_HASHING_QUEUE: WorkQueueSettings = { concurrency: 1, maxQueued: 64, perClient: 2 }

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/messages',
    tags: ['messages'],
    request: { params: SafeParams, query: CursorQuery },
    responses: { 200: json(pageSchema(MessageListItem, 'MessagePage'), 'Messages'), ...errorResponses },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/chains/{chainId}/safes/{safeAddress}/messages',
    tags: ['messages'],
    request: { params: SafeParams, ...body(CreateMessageBody) },
    responses: { 202: { description: 'Created (empty body)' }, ...errorResponses },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/chains/{chainId}/messages/{messageHash}',
    tags: ['messages'],
    request: { params: hashParams },
    responses: { 200: json(MessageSchema, 'The message'), ...errorResponses },
  }),
  sign: createRoute({
    method: 'post',
    path: '/v1/chains/{chainId}/messages/{messageHash}/signatures',
    tags: ['messages'],
    request: { params: hashParams, ...body(AddSignatureBody) },
    responses: { 200: { description: 'Signature added (empty body)' }, ...errorResponses },
  }),
}

export function createMessagesRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  messages: MessagesRepository
  rpc: RpcClients
  changes: ChangeBus
  hashingBudget?: BudgetSettings | undefined
}) {
  const { messages, changes } = deps

  /** The indexed Safe with the version its messages are hashed for. */
  const safeWithVersion = async (chainId: string | number, address: string) => {
    const { chain, safe } = await requireSafe(deps, chainId, address)
    // As SafeInfo does: the indexer's version, else the operator's configured master copy.
    const configured = chain.masterCopies.find((m) => getAddress(m.address) === safe.implementation)
    const version = safe.version ?? configured?.version ?? null
    return {
      chain,
      safe,
      ref: requireSafeRef({ chainId: chain.chainId, address: safe.address as Address, version }),
    }
  }

  /** Hashing typed data is what a message request can make costly: each client pays its values from a budget. */
  const hashing = createClientBudget('hashing typed data', deps.hashingBudget ?? MESSAGE_HASHING_BUDGET)
  const hashingQueue = createWorkQueue('messages being hashed', MESSAGE_HASHING_QUEUE)
  /**
   * The message validated and hashed (the costly part), paid from the client's budget, one message at a time
   * for the whole process: each waits for the event loop to turn first, so other requests are served between
   * two hashes instead of behind a flood of them.
   */
  const validateAndHash = (request: Request, input: unknown) =>
    hashingQueue.run(clientOf(request), async () => {
      await new Promise((resolve) => setImmediate(resolve))
      return requireValidMessage(input, (values) => hashing.spend(clientOf(request), values))
    })

  const countOwners = (confs: readonly { owner: string }[], owners: readonly Address[]) =>
    confs.filter((c) => owners.some((o) => isAddressEqual(o, c.owner as Address))).length

  /** MESSAGE_CONFIRMATION for the signature, MESSAGE_CONFIRMED when it is the one reaching the threshold. */
  const publishSignature = (
    ref: { chainId: number; address: Address; messageHash: Hex },
    owner: Address,
    p: { before: number; after: number; threshold: number },
  ) => {
    changes.publish({ type: 'MESSAGE_CONFIRMATION', ...ref, owner })
    if (p.before < p.threshold && p.after >= p.threshold)
      changes.publish({ type: 'MESSAGE_CONFIRMED', ...ref })
  }

  return new OpenAPIHono()
    .openapi(routes.list, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const { chain, safe } = await requireSafe(deps, chainId, safeAddress)
      const page = parseCursor(c.req.valid('query').cursor)
      const { rows, count } = await messages.page(chain.chainId, safe.address, page.limit, page.offset)
      const confs = await messages.confirmationsOf(
        chain.chainId,
        rows.map((r) => r.messageHash),
      )
      const items = rows.map((r) => toMessage(r, confs.get(r.messageHash) ?? [], safe))
      return c.json(toPage(c.req.raw, page, count, withDateLabels(items)), 200)
    })
    .openapi(routes.get, async (c) => {
      const { chainId, messageHash } = c.req.valid('param')
      const chain = await requireChain(deps.chains, chainId)
      const row = await messages.get(chain.chainId, messageHash)
      if (!row) throw new NotFoundError('Message not found')
      const safe = await deps.safes.get(chain.chainId, row.safe)
      if (!safe) throw new NotFoundError('Message not found')
      const confs = (await messages.confirmationsOf(chain.chainId, [row.messageHash])).get(row.messageHash)
      return c.json(toMessage(row, confs ?? [], safe), 200)
    })
    .openapi(routes.create, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const input = c.req.valid('json')
      const sig = requireMessageSignatureShape(input.signature)
      const { chain, ref } = await safeWithVersion(chainId, safeAddress)
      const client = deps.rpc.get(chain)
      const state = await readOnChainSafe(client, ref.address)
      requireContractSignerIsOwner(sig, state.owners)
      const message = await validateAndHash(c.req.raw, input.message)
      const { signature, messageHash } = await checkMessageSignature(client, {
        safe: ref,
        message,
        signature: sig,
        state,
      })
      const now = Date.now()
      const confirmation: MessageConfirmationRow = {
        chainId: chain.chainId,
        messageHash,
        owner: signature.owner,
        signature: signature.signature,
        signatureType: signature.type,
        submittedAt: now,
      }
      const created = await messages.create(
        {
          chainId: chain.chainId,
          messageHash,
          safe: ref.address,
          message,
          proposedBy: signature.owner,
          safeAppId: input.safeAppId ?? null,
          origin: input.origin ?? null,
          createdAt: now,
          modifiedAt: now,
        },
        confirmation,
      )
      if (!created)
        throw new HttpError(
          422,
          `Message ${messageHash} already exists: add signatures with POST /v1/chains/${chain.chainId}/messages/${messageHash}/signatures`,
        )
      const event = { chainId: chain.chainId, address: ref.address, messageHash }
      changes.publish({ type: 'MESSAGE_CREATED', ...event })
      publishSignature(event, signature.owner, { before: 0, after: 1, threshold: state.threshold })
      return c.body(null, 202)
    })
    .openapi(routes.sign, async (c) => {
      const { chainId, messageHash } = c.req.valid('param')
      const chain = await requireChain(deps.chains, chainId)
      const row = await messages.get(chain.chainId, messageHash)
      if (!row) throw new NotFoundError('Message not found')
      const { ref } = await safeWithVersion(chain.chainId, row.safe)
      const sig = requireMessageSignatureShape(c.req.valid('json').signature)
      const client = deps.rpc.get(chain)
      const state = await readOnChainSafe(client, ref.address)
      requireContractSignerIsOwner(sig, state.owners)
      // The hash is recomputed from the stored message: a signature counts only for what it signs.
      const { signature, messageHash: computed } = await checkMessageSignature(client, {
        safe: ref,
        message: await validateAndHash(c.req.raw, row.message),
        signature: sig,
        state,
      })
      if (computed !== row.messageHash)
        throw new HttpError(422, 'Could not calculate messageHash: the stored message no longer hashes to it')
      const existing =
        (await messages.confirmationsOf(chain.chainId, [row.messageHash])).get(row.messageHash) ?? []
      const duplicate = () => new HttpError(422, `${signature.owner} already signed this message`)
      if (existing.some((e) => isAddressEqual(e.owner as Address, signature.owner))) throw duplicate()
      const added = await messages.addConfirmation({
        chainId: chain.chainId,
        messageHash: row.messageHash,
        owner: signature.owner,
        signature: signature.signature,
        signatureType: signature.type,
        submittedAt: Date.now(),
      })
      if (!added) throw duplicate()
      const before = countOwners(existing, state.owners)
      publishSignature(
        { chainId: chain.chainId, address: ref.address, messageHash: row.messageHash as Hex },
        signature.owner,
        { before, after: before + 1, threshold: state.threshold },
      )
      return c.body(null, 200)
    })
}
