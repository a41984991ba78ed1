// The Client Gateway's Chain shape (GET /v1/chains/{chainId}, and /v2/chains/{chainId}): gas price types in lower
// case, as CGW emits them.
import { z } from '@hono/zod-openapi'
import { pageSchema } from '../../http/schemas.ts'

const RpcUri = z.object({
  authentication: z.enum(['API_KEY_PATH', 'NO_AUTHENTICATION', 'UNKNOWN']),
  value: z.string(),
})

const GasPrice = z.union([
  z.object({ type: z.literal('oracle'), uri: z.url(), gasParameter: z.string(), gweiFactor: z.string() }),
  z.object({ type: z.literal('fixed'), weiValue: z.string() }),
  z.object({ type: z.literal('fixed1559'), maxFeePerGas: z.string(), maxPriorityFeePerGas: z.string() }),
])

const address = z.string()
/** CGW types these as URLs (in its Chain schema): never empty. */
const url = z.url()

export const ChainSchema = z
  .object({
    chainId: z.string(),
    chainName: z.string(),
    description: z.string(),
    chainLogoUri: url.nullable(),
    l2: z.boolean(),
    isTestnet: z.boolean(),
    zk: z.boolean(),
    shortName: z.string(),
    nativeCurrency: z.object({
      name: z.string(),
      symbol: z.string(),
      decimals: z.number(),
      logoUri: url,
    }),
    transactionService: url,
    blockExplorerUriTemplate: z.object({ address: z.string(), txHash: z.string(), api: z.string() }),
    beaconChainExplorerUriTemplate: z.object({ publicKey: z.string().nullable() }),
    rpcUri: RpcUri,
    safeAppsRpcUri: RpcUri,
    publicRpcUri: RpcUri,
    theme: z.object({ textColor: z.string(), backgroundColor: z.string() }),
    ensRegistryAddress: z.string().nullable(),
    gasPrice: z.array(GasPrice),
    disabledWallets: z.array(z.string()),
    features: z.array(z.string()),
    balancesProvider: z.object({ chainName: z.string().nullable(), enabled: z.boolean() }),
    contractAddresses: z.object({
      safeSingletonAddress: address,
      safeProxyFactoryAddress: address,
      multiSendAddress: address,
      multiSendCallOnlyAddress: address,
      fallbackHandlerAddress: address,
      signMessageLibAddress: address,
      createCallAddress: address,
      simulateTxAccessorAddress: address,
      safeWebAuthnSignerFactoryAddress: address.nullable(),
      /** Concord: the chain's own spending-limit module, when it names one (else the canonical deployments). */
      allowanceModuleAddress: address.nullable().optional(),
    }),
    recommendedMasterCopyVersion: z.string().nullable(),
    relayer: z.null(),
  })
  .openapi('Chain')

export type Chain = z.infer<typeof ChainSchema>

export const ChainPageSchema = pageSchema(ChainSchema, 'ChainPage')

export const MasterCopySchema = z.object({ address: z.string(), version: z.string() }).openapi('MasterCopy')
