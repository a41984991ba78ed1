// Local risk checks of a call before it is signed, computed from the call itself and the addresses the Safe knows
// (owners, address book): no service, no key. The browser shows them in its review; the gateway adds the static
// ones to its notifications and webhooks. Each says why. A batch is checked action by action. The checks that need
// the chain's answer (a dry run, the targets' code) live in chainRisks.ts and are exported from here too.

import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  isAddress,
  isAddressEqual,
  parseAbi,
  size,
  slice,
} from 'viem'
import { TRUSTED_DELEGATE_CALL_TARGETS } from './contracts.ts'
import { decodeMultiSend } from './multiSend.ts'

export * from './chainRisks.ts'

export type RiskLevel = 'block' | 'high' | 'warn'

export type Risk = {
  kind:
    | 'untrusted-delegatecall'
    | 'safe-settings'
    | 'unlimited-approval'
    | 'token-as-recipient'
    | 'lookalike'
    | 'large-share'
    | 'simulation-mismatch'
    | 'no-code'
    | 'new-recipient'
  level: RiskLevel
  title: string
  why: string
  /** For a blocking risk: what the signer types to go on anyway (the target's last 6 hex characters). */
  confirmText?: string
}

/** An address this Safe knows, with what to call it (an address-book name, or a role such as "paid before"). */
export type KnownAddress = { address: string; name: string }

/**
 * A known address `address` imitates: the same first and last four hex characters, another middle (address
 * poisoning sends dust from such lookalikes so that a copy from history picks them).
 */
export function lookalikeOf(address: string, known: readonly KnownAddress[]): KnownAddress | undefined {
  const a = hex(address)
  return known.find((k) => {
    if (!isAddress(k.address, { strict: false })) return false
    const b = hex(k.address)
    return a !== b && a.slice(0, 4) === b.slice(0, 4) && a.slice(-4) === b.slice(-4)
  })
}

const tokenAbi = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
])

/** The Safe's own settings: a call to the Safe itself with one of these changes who controls it. */
const SETTINGS: Record<string, string> = {
  '0x0d582f13': 'adds an owner (addOwnerWithThreshold)',
  '0xf8dc5dd9': 'removes an owner (removeOwner)',
  '0xe318b52b': 'replaces an owner (swapOwner)',
  '0x694e80c3': 'changes the threshold (changeThreshold)',
  '0x610b5925': 'enables a module (enableModule)',
  '0xe009cfde': 'disables a module (disableModule)',
  '0xe19a9dd9': 'sets a guard (setGuard)',
  '0xf08a0323': 'sets the fallback handler (setFallbackHandler)',
  '0x7de7edef': 'replaces the singleton (changeMasterCopy)',
}

/** Amounts this large are "everything, forever" in practice (type(uint256).max and the like). */
const UNLIMITED = 2n ** 128n

const hex = (address: string) => address.slice(2).toLowerCase()

/** Who a call pays: the target of a plain value send, the recipient of a token transfer; undefined otherwise. */
export function recipientOf(call: { to: string; value: bigint; data: Hex }): Address | undefined {
  if (size(call.data) === 0) return call.value > 0n ? getAddress(call.to) : undefined
  try {
    const { functionName, args } = decodeFunctionData({ abi: tokenAbi, data: call.data })
    if (functionName === 'transfer') return getAddress(args[0] as Address)
    if (functionName === 'transferFrom' || functionName === 'safeTransferFrom')
      return getAddress(args[1] as Address)
  } catch {
    // not a payment
  }
  return undefined
}

/** Everyone the call pays, batch actions included. */
export function paymentRecipients(
  call: { to: string; value: bigint; data: Hex; operation: number },
  depth = 0,
): Address[] {
  const batch = depth < 4 ? decodeMultiSend(call.data) : null
  if (batch) return [...new Set(batch.flatMap((action) => paymentRecipients(action, depth + 1)))]
  const recipient = recipientOf(call)
  return recipient ? [recipient] : []
}

/** Recipients this Safe has never paid (`paid` answers per lower-cased address; unknown answers say nothing). */
export function newRecipientRisks(
  recipients: readonly Address[],
  paid: ReadonlyMap<string, boolean | undefined>,
): Risk[] {
  return recipients
    .filter((recipient) => paid.get(recipient.toLowerCase()) === false)
    .map((recipient) => ({
      kind: 'new-recipient' as const,
      level: 'warn' as const,
      title: `First payment to ${recipient}`,
      why: 'This Safe has never sent anything to this address. Confirm it through another channel than the one it came by.',
    }))
}

function callRisks(
  call: { to: string; value: bigint; data: Hex; operation: number },
  ctx: { safe: Address; known: readonly KnownAddress[] },
  depth: number,
): Risk[] {
  const risks: Risk[] = []
  const to = getAddress(call.to)
  const selector = size(call.data) >= 4 ? slice(call.data, 0, 4) : undefined
  const trusted = TRUSTED_DELEGATE_CALL_TARGETS[to]
  if (call.operation === 1 && !trusted)
    risks.push({
      kind: 'untrusted-delegatecall',
      level: 'block',
      title: `DELEGATECALL to ${to}`,
      why: 'The called contract runs as the Safe itself and can change anything in it (owners, singleton, funds). Only MultiSend, SignMessageLib and the Safe migration contracts are trusted for this.',
      confirmText: hex(to).slice(-6),
    })
  if (call.operation === 1 && trusted?.includes('Migration'))
    risks.push({
      kind: 'safe-settings',
      level: 'high',
      title: `Replaces the Safe's singleton (${trusted})`,
      why: 'A migration changes the contract code the Safe runs: check the target version.',
    })
  if (isAddressEqual(to, ctx.safe) && selector && SETTINGS[selector])
    risks.push({
      kind: 'safe-settings',
      level: 'high',
      title: `Changes who controls the Safe: ${SETTINGS[selector]}`,
      why: 'Owners, threshold, modules, guard, fallback handler and singleton decide who can move the funds.',
    })
  const recipient = recipientOf(call)
  if (selector && !isAddressEqual(to, ctx.safe)) {
    try {
      const { functionName, args } = decodeFunctionData({ abi: tokenAbi, data: call.data })
      if (
        (functionName === 'approve' || functionName === 'increaseAllowance') &&
        (args[1] as bigint) >= UNLIMITED
      )
        risks.push({
          kind: 'unlimited-approval',
          level: 'warn',
          title: `Unlimited approval for ${args[0]}`,
          why: 'The spender may take any amount of this token from the Safe, now and later, until the approval is revoked.',
        })
      if (functionName === 'setApprovalForAll' && args[1] === true)
        risks.push({
          kind: 'unlimited-approval',
          level: 'warn',
          title: `Approval for all NFTs of this collection to ${args[0]}`,
          why: 'The operator may move every NFT of this collection the Safe holds, now and later.',
        })
    } catch {
      // not a token call
    }
  }
  if (recipient && size(call.data) > 0 && isAddressEqual(recipient, to))
    risks.push({
      kind: 'token-as-recipient',
      level: 'warn',
      title: 'The recipient is the token contract itself',
      why: 'Tokens sent to their own contract are almost always lost: check the recipient.',
    })
  const lookalike = recipient ? lookalikeOf(recipient, ctx.known) : undefined
  if (recipient && lookalike)
    risks.push({
      kind: 'lookalike',
      level: 'high',
      title: `The recipient looks like ${lookalike.name} but is another address`,
      why: `${recipient} starts and ends like ${getAddress(lookalike.address)}: an address-poisoning copy is the usual cause. Compare every character.`,
    })
  // decodeMultiSend answers null for anything but a well-formed multiSend batch.
  if (depth < 4)
    (decodeMultiSend(call.data) ?? []).forEach((action, i) => {
      for (const risk of callRisks(action, ctx, depth + 1))
        risks.push({ ...risk, title: `Action ${i + 1}: ${risk.title}` })
    })
  return risks
}

const SEVERITY: Record<RiskLevel, number> = { block: 0, high: 1, warn: 2 }
/** Most serious first. */
export const bySeverity = (a: Risk, b: Risk) => SEVERITY[a.level] - SEVERITY[b.level]

/** The risks of `call` for `safe`, most serious first. */
export function assessRisks(
  call: { to: string; value: bigint; data: Hex; operation: number },
  ctx: { safe: Address; known: readonly KnownAddress[] },
): Risk[] {
  return callRisks(call, ctx, 0).sort(bySeverity)
}
