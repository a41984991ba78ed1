// What a transaction is (its txInfo, as the Safe Client Gateway types it): the type follows the Client Gateway's
// rules so a Safe{Wallet}-style client renders our history unchanged. The list summaries and details that carry
// it are in txSummary.mapper.ts and txDetails.mapper.ts.
import { DEVNET_ALLOWANCE_MODULE } from '@concord/safe/allowanceModule'
import { safeV141 } from '@concord/safe/contracts'
import { knownMasterCopies } from '@concord/safe/deployments'
import { allowanceModuleDeployments } from '@concord/safe/modules'
import { migrationImplementation, trustedDelegateCallTargets } from '@concord/safe/versions'
import { type Address, getAddress, type Hex, zeroAddress } from 'viem'
import type { DataDecoded, DataDecoder, MultiSendTx } from '../dataDecoder/decodeData.ts'
import type { Token, Transfer } from './transactions.repository.ts'

export type AddressInfo = { value: string; name: string | null; logoUri: string | null }

const CONTRACT_NAMES = new Map<string, string>([
  [safeV141.safeL2, 'SafeL2 1.4.1'],
  [safeV141.safe, 'Safe 1.4.1'],
  [safeV141.safeProxyFactory, 'SafeProxyFactory 1.4.1'],
  [safeV141.compatibilityFallbackHandler, 'CompatibilityFallbackHandler'],
  [safeV141.multiSend, 'MultiSend'],
  [safeV141.multiSendCallOnly, 'MultiSendCallOnly'],
  [safeV141.signMessageLib, 'SignMessageLib'],
  [safeV141.createCall, 'CreateCall'],
  ...knownMasterCopies()
    .filter((m) => m.version !== '1.4.1')
    .map((m) => [m.address, `Safe${m.l2 ? 'L2' : ''} ${m.version}`] as [string, string]),
  ...[...trustedDelegateCallTargets()].filter(([address]) => address !== safeV141.signMessageLib),
  // The spending-limit module: the canonical deployments and the devnet's own (its module executions are
  // transfers within an allowance).
  [allowanceModuleDeployments['0.1.0'], 'AllowanceModule 0.1.0 (spending limits)'],
  [allowanceModuleDeployments['0.1.1'], 'AllowanceModule 0.1.1 (spending limits)'],
  [DEVNET_ALLOWANCE_MODULE, 'AllowanceModule (spending limits, devnet)'],
])

const SETTINGS_METHODS = new Set([
  'setFallbackHandler',
  'addOwnerWithThreshold',
  'removeOwner',
  'swapOwner',
  'changeThreshold',
  'changeMasterCopy',
  'enableModule',
  'disableModule',
  'setGuard',
])

/** Everything a mapping needs besides the row: the Safe, token metadata and the decoder. */
export type MapContext = {
  chainId: number
  safe: string
  tokens: Map<string, Token>
  decoder: DataDecoder
}

export function addressInfo(address: string, ctx?: Pick<MapContext, 'tokens'>): AddressInfo {
  const token = ctx?.tokens.get(address)
  return {
    value: address,
    name: token?.name ?? CONTRACT_NAMES.get(address) ?? null,
    logoUri: token?.logoUri ?? null,
  }
}

export const dataSize = (data: string) => Math.max(0, Math.floor((data.length - 2) / 2))
const param = (d: DataDecoded | null, i: number) => {
  const v = d?.parameters?.[i]?.value
  return typeof v === 'string' ? v : ''
}

function settingsInfo(d: DataDecoded, ctx: MapContext) {
  const addr = (i: number) => addressInfo(getAddress(param(d, i) || zeroAddress), ctx)
  switch (d.method) {
    case 'setFallbackHandler':
      return { type: 'SET_FALLBACK_HANDLER' as const, handler: addr(0) }
    case 'addOwnerWithThreshold':
      return { type: 'ADD_OWNER' as const, owner: addr(0), threshold: Number(param(d, 1)) }
    case 'removeOwner':
      return { type: 'REMOVE_OWNER' as const, owner: addr(1), threshold: Number(param(d, 2)) }
    case 'swapOwner':
      return { type: 'SWAP_OWNER' as const, oldOwner: addr(1), newOwner: addr(2) }
    case 'changeThreshold':
      return { type: 'CHANGE_THRESHOLD' as const, threshold: Number(param(d, 0)) }
    case 'changeMasterCopy':
      // The SDK's name for it (NEST emits CHANGE_MASTER_COPY).
      return { type: 'CHANGE_IMPLEMENTATION' as const, implementation: addr(0) }
    case 'enableModule':
      return { type: 'ENABLE_MODULE' as const, module: addr(0) }
    case 'disableModule':
      return { type: 'DISABLE_MODULE' as const, module: addr(1) }
    case 'setGuard':
      return param(d, 0) && getAddress(param(d, 0)) !== zeroAddress
        ? { type: 'SET_GUARD' as const, guard: addr(0) }
        : { type: 'DELETE_GUARD' as const }
    default:
      return null
  }
}

/**
 * A DELEGATECALL to a Safe migration contract (SafeMigration, SafeToL2Migration) changes the Safe's own
 * implementation: the CGW's CHANGE_IMPLEMENTATION settings change, naming the singleton it moves to. The CGW's
 * own rule only knows `changeMasterCopy` (a call to the Safe itself, before v1.3.0).
 */
function migrationInfo(call: Call, decoded: DataDecoded | null, ctx: MapContext) {
  if (call.operation !== 1 || BigInt(call.value) !== 0n || !decoded) return null
  const implementation = migrationImplementation(
    getAddress(call.to),
    decoded.method,
    (decoded.parameters ?? []).map((p) => p.value),
  )
  if (!implementation) return null
  return {
    type: 'SettingsChange' as const,
    humanDescription: null,
    dataDecoded: decoded,
    settingsInfo: {
      type: 'CHANGE_IMPLEMENTATION' as const,
      implementation: addressInfo(implementation, ctx),
    },
  }
}

/** A token transfer the call makes, when `to` is a known token and the Safe is a party. */
function tokenTransferInfo(call: { to: string; decoded: DataDecoded | null }, ctx: MapContext) {
  const token = ctx.tokens.get(call.to)
  const d = call.decoded
  if (!token || !d) return null
  let from: string
  let to: string
  let amount: string
  if (d.method === 'transfer' && token.type === 'ERC20')
    [from, to, amount] = [ctx.safe, param(d, 0), param(d, 1)]
  else if (d.method === 'transferFrom' || (d.method === 'safeTransferFrom' && token.type === 'ERC721'))
    [from, to, amount] = [param(d, 0), param(d, 1), param(d, 2)]
  else return null
  if (!from || !to) return null
  from = getAddress(from)
  to = getAddress(to)
  if (from !== ctx.safe && to !== ctx.safe) return null
  return transferInfo(
    { type: token.type, token: call.to, from, to, value: amount, tokenId: amount },
    ctx,
    null,
  )
}

export function transferInfo(
  t: Pick<Transfer, 'type' | 'token' | 'from' | 'to' | 'value' | 'tokenId'>,
  ctx: MapContext,
  trusted: boolean | null,
) {
  const token = t.token ? ctx.tokens.get(t.token) : undefined
  const details =
    t.type === 'NATIVE_COIN'
      ? { type: 'NATIVE_COIN' as const, value: t.value }
      : t.type === 'ERC20'
        ? {
            type: 'ERC20' as const,
            tokenAddress: t.token as string,
            value: t.value ?? '0',
            tokenName: token?.name ?? null,
            tokenSymbol: token?.symbol ?? null,
            logoUri: token?.logoUri ?? null,
            decimals: token?.decimals ?? null,
            trusted,
            imitation: false,
          }
        : {
            type: 'ERC721' as const,
            tokenAddress: t.token as string,
            tokenId: t.tokenId ?? '0',
            tokenName: token?.name ?? null,
            tokenSymbol: token?.symbol ?? null,
            logoUri: token?.logoUri ?? null,
            trusted,
          }
  return {
    type: 'Transfer' as const,
    humanDescription: null,
    sender: addressInfo(t.from, ctx),
    recipient: addressInfo(t.to, ctx),
    direction:
      t.from === ctx.safe
        ? ('OUTGOING' as const)
        : t.to === ctx.safe
          ? ('INCOMING' as const)
          : ('UNKNOWN' as const),
    transferInfo: details,
  }
}

export type Call = { to: string; value: string; data: string; operation: number }
/** A call as stored: a non-L2 Safe's execution may have no known parameters (all null). */
export type StoredCall = { [K in keyof Call]: Call[K] | null }
export const known = (call: StoredCall): call is Call => call.to !== null

/** What history shows for an execution whose call could not be read from the chain (or is not read yet). */
const unknownCallInfo = (ctx: MapContext, pending: boolean) => ({
  type: 'Custom' as const,
  humanDescription: pending
    ? 'Executed on chain; its details are still being read from the chain'
    : 'Executed on chain; its parameters could not be read from the transaction or a trace',
  to: addressInfo(ctx.safe, ctx),
  dataSize: '0',
  value: '0',
  isCancellation: false,
  methodName: null,
})

/** txInfo of a call the Safe made (multisig or module), by the CGW's rules in their order. */
export function callInfo(
  stored: StoredCall,
  ctx: MapContext,
  /** `pending`: a watched Safe's backfill reads the call after listing the execution (indexer/pendingParams.ts). */
  opts: { refundsConsistent?: boolean; pending?: boolean } = {},
) {
  if (!known(stored)) return unknownCallInfo(ctx, !!opts.pending)
  const call: Call = stored
  const value = BigInt(call.value)
  const size = dataSize(call.data)
  const decoded = size > 0 ? ctx.decoder.decode(call.data as Hex, call.to as Address) : null
  const custom = () => {
    const base = {
      type: 'Custom' as const,
      humanDescription: null,
      to: addressInfo(call.to, ctx),
      dataSize: String(size),
      value: call.value,
      isCancellation:
        call.to === ctx.safe &&
        size === 0 &&
        value === 0n &&
        call.operation === 0 &&
        (opts.refundsConsistent ?? true),
    }
    if (decoded?.method === 'multiSend') {
      const batch = decoded.parameters?.find((p) => p.name === 'transactions')?.valueDecoded
      return {
        ...base,
        methodName: 'multiSend' as const,
        actionCount: Array.isArray(batch) ? batch.length : 0,
      }
    }
    return { ...base, methodName: decoded?.method ?? null }
  }
  const migration = migrationInfo(call, decoded, ctx)
  if (migration) return migration
  if ((value > 0n && size > 0) || call.operation !== 0) return custom()
  if (value > 0n && size === 0)
    return transferInfo(
      { type: 'NATIVE_COIN', token: null, from: ctx.safe, to: call.to, value: call.value, tokenId: null },
      ctx,
      null,
    )
  if (value === 0n && size > 0 && call.to === ctx.safe && decoded && SETTINGS_METHODS.has(decoded.method)) {
    return {
      type: 'SettingsChange' as const,
      humanDescription: null,
      dataDecoded: decoded,
      settingsInfo: settingsInfo(decoded, ctx),
    }
  }
  return tokenTransferInfo({ to: call.to, decoded }, ctx) ?? custom()
}

/** Addresses a decoded call mentions (for naming tokens in multiSend batches). */
export function tokensTouched(call: StoredCall, decoder: DataDecoder): string[] {
  if (!known(call)) return []
  const out = [call.to]
  const decoded = dataSize(call.data) > 0 ? decoder.decode(call.data as Hex, call.to as Address) : null
  const batch = decoded?.parameters?.find((p) => p.name === 'transactions')?.valueDecoded
  if (Array.isArray(batch)) for (const tx of batch as MultiSendTx[]) out.push(tx.to)
  return out
}
