// The data behind Concord's own explorer pages (web /explorer/{chainId}/address|tx/…), which a chain without a
// block explorer names in its blockExplorerUriTemplate: any address or transaction of the chain, read from its
// RPC, plus whether an address is a Safe this gateway indexes.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { type Address, type Hex, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem'
import { NotFoundError } from '../../http/errors.ts'
import { requireChain } from '../../http/require.ts'
import { ChainIdParam, chainAddressParams, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'

const ExplorerAddressSchema = z
  .object({
    chainId: z.string(),
    address: z.string(),
    /** Native balance in wei. */
    balance: z.string(),
    /** Transactions sent from the address (its nonce). */
    transactionCount: z.number().int(),
    isContract: z.boolean(),
    /** Set when the address is a Safe this gateway indexes. */
    safe: z
      .object({
        threshold: z.number().int(),
        owners: z.array(z.string()),
        nonce: z.number().int(),
        version: z.string().nullable(),
      })
      .nullable(),
    /** Indexed Safes this address owns on the chain. */
    ownerOf: z.array(z.string()),
  })
  .openapi('ExplorerAddress')

const ExplorerTxSchema = z
  .object({
    chainId: z.string(),
    hash: z.string(),
    status: z.enum(['pending', 'success', 'reverted']),
    blockNumber: z.string().nullable(),
    /** Milliseconds. */
    timestamp: z.number().nullable(),
    from: z.string(),
    to: z.string().nullable(),
    contractAddress: z.string().nullable(),
    value: z.string(),
    nonce: z.number().int(),
    gasUsed: z.string().nullable(),
    logs: z.number().int().nullable(),
    /** Bytes of calldata. */
    inputSize: z.number().int(),
    methodId: z.string().nullable(),
  })
  .openapi('ExplorerTransaction')

const getAddress = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/explorer/address/{address}',
  tags: ['explorer'],
  request: {
    params: chainAddressParams('address'),
  },
  responses: { 200: json(ExplorerAddressSchema, 'An address as the chain sees it'), ...errorResponses },
})

const getTransaction = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/explorer/tx/{txHash}',
  tags: ['explorer'],
  request: {
    params: z.object({
      chainId: ChainIdParam,
      txHash: z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash')
        .openapi({ param: { name: 'txHash', in: 'path' } }),
    }),
  },
  responses: { 200: json(ExplorerTxSchema, 'A transaction and its receipt'), ...errorResponses },
})

const getApi = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/explorer/api',
  tags: ['explorer'],
  request: { params: z.object({ chainId: ChainIdParam }) },
  responses: {
    200: json(
      z.object({ status: z.string(), message: z.string(), result: z.string() }),
      'An Etherscan-style "not available" answer: this gateway has no explorer API',
    ),
    ...errorResponses,
  },
})

const notFound = (e: unknown) =>
  e instanceof TransactionNotFoundError || e instanceof TransactionReceiptNotFoundError

export function createExplorerRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  rpc: RpcClients
}) {
  return new OpenAPIHono()
    .openapi(getAddress, async (c) => {
      const { chainId, address } = c.req.valid('param')
      const chain = await requireChain(deps.chains, chainId)
      const client = deps.rpc.get(chain)
      const [balance, transactionCount, code, safe, ownerOf] = await Promise.all([
        client.getBalance({ address: address as Address }),
        client.getTransactionCount({ address: address as Address }),
        client.getCode({ address: address as Address }),
        deps.safes.get(chain.chainId, address),
        deps.safes.ownedBy(chain.chainId, address),
      ])
      return c.json(
        {
          chainId,
          address,
          balance: balance.toString(),
          transactionCount,
          isContract: (code ?? '0x').length > 2,
          safe: safe
            ? {
                threshold: safe.threshold,
                owners: safe.owners,
                nonce: safe.nonce,
                version: safe.version ?? null,
              }
            : null,
          ownerOf,
        },
        200,
      )
    })
    .openapi(getTransaction, async (c) => {
      const { chainId, txHash } = c.req.valid('param')
      const chain = await requireChain(deps.chains, chainId)
      const client = deps.rpc.get(chain)
      const hash = txHash.toLowerCase() as Hex
      const tx = await client.getTransaction({ hash }).catch((e) => {
        if (notFound(e)) throw new NotFoundError(`No transaction ${hash} on chain ${chainId}`)
        throw e
      })
      const receipt = tx.blockNumber
        ? await client.getTransactionReceipt({ hash }).catch((e) => (notFound(e) ? null : Promise.reject(e)))
        : null
      const block = tx.blockNumber ? await client.getBlock({ blockNumber: tx.blockNumber }) : null
      return c.json(
        {
          chainId,
          hash: tx.hash,
          status: !receipt
            ? ('pending' as const)
            : receipt.status === 'success'
              ? ('success' as const)
              : ('reverted' as const),
          blockNumber: tx.blockNumber === null ? null : tx.blockNumber.toString(),
          timestamp: block ? Number(block.timestamp) * 1000 : null,
          from: tx.from,
          to: tx.to ?? null,
          contractAddress: receipt?.contractAddress ?? null,
          value: tx.value.toString(),
          nonce: tx.nonce,
          gasUsed: receipt ? receipt.gasUsed.toString() : null,
          logs: receipt ? receipt.logs.length : null,
          inputSize: (tx.input.length - 2) / 2,
          methodId: tx.input.length >= 10 ? tx.input.slice(0, 10) : null,
        },
        200,
      )
    })
    .openapi(getApi, async (c) => {
      await requireChain(deps.chains, c.req.valid('param').chainId)
      return c.json(
        { status: '0', message: 'NOTOK', result: 'This gateway has no explorer API for this chain' },
        200,
      )
    })
}
