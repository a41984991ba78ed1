// Bundled into the page by scripts/bench-review-checks.ts: the checks the review computes in the browser for one call,
// on a MultiSend of `count` token transfers (every one decoded, re-encoded, hashed and checked for risks).
import { safeV141 } from '@concord/safe/contracts'
import { deviceHashes } from '@concord/safe/deviceHashes'
import { assessRisks, contractTargets, noCodeRisks, simulationRisks } from '@concord/safe/risks'
import * as SafeTx from '@concord/safe/SafeTx'
import { encodeFunctionData, erc20Abi, getAddress, parseAbi, toHex } from 'viem'
import { encodeMultiSendTransactions } from '../src/features/tx-flow/builders/multiSend.ts'
import { checkDecoded } from '../src/features/tx-flow/verify/checkDecoded.ts'
import { decodeLocally } from '../src/features/tx-flow/verify/decodeLocally.ts'

const SAFE = getAddress('0x5afe5afe5afe5afe5afe5afe5afe5afe5afe5afe')
const multiSendAbi = parseAbi(['function multiSend(bytes transactions)'])

function batch(count: number) {
  const actions = Array.from({ length: count }, (_, i) => {
    const token = getAddress(toHex(0x1000 + i, { size: 20 }))
    const to = getAddress(toHex(0x9000 + i, { size: 20 }))
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, BigInt(i + 1) * 10n ** 6n],
    })
    return {
      token,
      to,
      amount: BigInt(i + 1) * 10n ** 6n,
      action: { to: token, value: 0n, data, operation: 0 as const },
    }
  })
  const transactions = encodeMultiSendTransactions(actions.map((a) => a.action))
  const data = encodeFunctionData({ abi: multiSendAbi, args: [transactions] })
  // The gateway decoder's answer for it, as the review receives it.
  const decoded = {
    method: 'multiSend',
    parameters: [
      {
        name: 'transactions',
        type: 'bytes',
        value: transactions,
        valueDecoded: actions.map((a) => ({
          operation: 0,
          to: a.token,
          value: '0',
          data: a.action.data,
          dataDecoded: {
            method: 'transfer',
            parameters: [
              { name: 'to', type: 'address', value: a.to },
              { name: 'value', type: 'uint256', value: String(a.amount) },
            ],
          },
        })),
      },
    ],
  }
  const simulation = {
    success: true,
    revertReason: null,
    gasUsed: '500000',
    balanceChanges: actions.map((a) => ({
      tokenAddress: a.token,
      symbol: 'TKN',
      decimals: 6,
      before: String(a.amount * 10n),
      after: String(a.amount * 9n),
      change: String(-a.amount),
    })),
  }
  const tx = SafeTx.from({ to: safeV141.multiSendCallOnly, data, operation: 1, nonce: 7n })
  return {
    tx,
    decoded,
    simulation,
    code: new Map(actions.map((a) => [a.token.toLowerCase(), '0x6080' as const])),
  }
}

/** Runs every check once; returns the milliseconds it took and how many problems and risks it found. */
function runChecks(count: number): { ms: number; problems: number; risks: number } {
  const input = batch(count)
  const started = performance.now()
  const domain = { chainId: 1, address: SAFE }
  deviceHashes(SafeTx.getTypedData(input.tx, domain))
  const problems = checkDecoded(input.decoded, input.tx.data)
  decodeLocally(input.tx)
  const known = [{ address: getAddress(toHex(0x9000, { size: 20 })), name: 'Alice' }]
  const risks = [
    ...assessRisks(input.tx, { safe: SAFE, known }),
    ...simulationRisks(input.tx, SAFE, input.simulation),
    ...noCodeRisks(contractTargets(input.tx), input.code),
  ]
  return { ms: performance.now() - started, problems: problems.length, risks: risks.length }
}

;(globalThis as unknown as { runChecks: typeof runChecks }).runChecks = runChecks
