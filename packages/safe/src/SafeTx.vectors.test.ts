// Proves Concord's Safe transaction hash (SafeTx.hash, safeTxHashes' domain/message split) and Safe message hash
// (safeMessageHash, safeMessagePreimage) against fixed outputs published by independent tools (safe-tx-hashes-util,
// safe-hash-rs, morpho-org/safe-tx-hash, all on GitHub), and against @safe-global/protocol-kit on generated input.
import {
  calculateSafeMessageHash,
  calculateSafeTransactionHash,
  generateTypedData,
  hashSafeMessage,
  preimageSafeMessageHash,
  preimageSafeTransactionHash,
} from '@safe-global/protocol-kit'
import fc from 'fast-check'
import {
  type Address,
  concat,
  encodeFunctionData,
  getAddress,
  type Hex,
  hashTypedData,
  keccak256,
  parseAbi,
  size,
  slice,
  toHex,
  zeroAddress,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { domainHasChainId, messageHash, safeMessageHash, safeMessagePreimage } from './messages.ts'
import * as SafeTx from './SafeTx.ts'
import { safeTxHashes } from './verifySafeTx.ts'

type TxVector = {
  source: string
  version: string
  chainId: number
  safe: Address
  tx: SafeTx.SafeTx
  safeTxHash: Hex
  domainHash?: Hex
  messageHash?: Hex
}

// Every field as the source prints it; the tools print the domain and message hashes in upper-case hex.
const txVectors: TxVector[] = [
  {
    source: 'safe-tx-hashes-util README (GitHub pcaversaccio), "Safe Transaction Hashes": Arbitrum nonce 234',
    version: '1.3.0+L2',
    chainId: 42161,
    safe: '0x111CEEee040739fD91D29C34C33E6B3E112F2177',
    tx: {
      to: '0x111CEEee040739fD91D29C34C33E6B3E112F2177',
      value: 0n,
      data: '0x0d582f130000000000000000000000000c75fa5a5f1c0997e3eea425cfa13184ed0ec9e50000000000000000000000000000000000000000000000000000000000000003',
      operation: 0,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce: 234n,
    },
    domainHash: '0x1CF7F9B1EFE3BC47FE02FD27C649FEA19E79D66040683A1C86C7490C80BF7291',
    messageHash: '0xD9109EA63C50ECD3B80B6B27ED5C5A9FD3D546C2169DFB69BFA7BA24CD14C7A5',
    safeTxHash: '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3',
  },
  {
    source:
      'safe-tx-hashes-util README (GitHub pcaversaccio), "Interactive Mode": the same Safe and nonce with value, ' +
      'DELEGATECALL, gas price, gas token and refund receiver set',
    version: '1.3.0+L2',
    chainId: 42161,
    safe: '0x111CEEee040739fD91D29C34C33E6B3E112F2177',
    tx: {
      to: '0x111CEEee040739fD91D29C34C33E6B3E112F2177',
      value: 1000n,
      data: '0x0d582f130000000000000000000000000c75fa5a5f1c0997e3eea425cfa13184ed0ec9e50000000000000000000000000000000000000000000000000000000000000003',
      operation: 1,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 50n,
      gasToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      refundReceiver: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
      nonce: 234n,
    },
    domainHash: '0x1CF7F9B1EFE3BC47FE02FD27C649FEA19E79D66040683A1C86C7490C80BF7291',
    messageHash: '0xC7E826933DA60E6AC3E2246ED0563A26A920A65BEAA9089D784AC96234141BB3',
    safeTxHash: '0xc818fceb1cace51c1a4039c4c66fc73d95eccc298104c9c52debac604b9f4e04',
  },
  {
    // The trace in the source shows the Safe delegating to the v1.4.1 singleton 0x41675C09…461a and ecrecover
    // over this very safeTxHash: the chain computed it too.
    source:
      'safe-tx-hashes-util README (GitHub pcaversaccio), "Transaction Simulation": Ethereum nonce 6, a MultiSend ' +
      'DELEGATECALL (fields from its execTransaction trace)',
    version: '1.4.1',
    chainId: 1,
    safe: '0x5EA1d9A6dDC3A0329378a327746D71A2019eC332',
    tx: {
      to: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
      value: 0n,
      data: '0x8d80ff0a0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000013200cfbfac74c26f8647cbdb8c5caf80bb5b32e4313400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044dd43a79f000000000000000000000000f46c6d6e62f59d9222f3812874211df07cf7b318000000000000000000000000000000000000000000000000000000000000000100a0b86991c6218b36c1d19d4a2e9eb0ce3606eb4800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000044a9059cbb0000000000000000000000001fe27a73cd9f0b3c53b6e936d0b4f9b2f8ca3367000000000000000000000000000000000000000000000000000000002faf08000000000000000000000000000000',
      operation: 1,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce: 6n,
    },
    domainHash: '0x58122EA8F001782FACC66EE5495A6B8B29730FADF352D8608CA86BD31569FCF5',
    messageHash: '0xE992E061576268328FAC9175D6AEA3DEFD4C3BEF83A0C6FE08F6AA5A222CBC45',
    safeTxHash: '0x27a0c4abf624b15b776f544a4b31ed4d50dee2b677c6497fbadf4f7a73be705e',
  },
  {
    source:
      'safe-tx-hashes-util README (GitHub pcaversaccio), "Nested Safes": the primary Sepolia Safe, nonce 4, 0.1 ETH',
    version: '1.4.1', // the version safe-hash-rs's README gives this Safe; any >= 1.3.0 hashes alike
    chainId: 11155111,
    safe: '0x657ff0D4eC65D82b2bC1247b0a558bcd2f80A0f1',
    tx: SafeTx.from({
      to: '0x255C3912f91eF11bFDadd405F13144a823Da8cc5',
      value: 100000000000000000n,
      nonce: 4n,
    }),
    domainHash: '0x611379C19940CAEE095CDB12BEBE6A9FA9ABB74CDB1FBD7377C49A1F198DC24F',
    messageHash: '0x565BBA8B51924FFA64953596D0A2DD5C2CAD39649F7DE0BF2C8DBC903BD03258',
    safeTxHash: '0xcb8bbe7bf8f8a1f3f57658e450d07d4422356ac042d96a87ba425b19e67a78a1',
  },
  {
    source:
      'safe-tx-hashes-util README (GitHub pcaversaccio), "Nested Safes": the nested Safe approveHash of the one above',
    version: '1.3.0', // not printed by the source; the hashes are the same for every version >= 1.3.0
    chainId: 11155111,
    safe: '0x6bc56d6CE87C86CB0756c616bECFD3Cd32b09251',
    tx: SafeTx.from({
      to: '0x657ff0D4eC65D82b2bC1247b0a558bcd2f80A0f1',
      data: '0xd4d9bdcdcb8bbe7bf8f8a1f3f57658e450d07d4422356ac042d96a87ba425b19e67a78a1',
      nonce: 4n,
    }),
    domainHash: '0x55F6C329A7834E2A4E789F5526F328FA75D14FE75B97B0001BE40CAF46CA92A1',
    messageHash: '0xCD411EE5D49344391EF8D37B76E19DFACF505BBB20E856AC907ACB5958ECBDF0',
    safeTxHash: '0x86eb3f93f2670d119a4ecb8eeaa4dafe31a28abcafe06688d47e195a3dd7abb0',
  },
  {
    source: 'safe-hash-rs README (GitHub Cyfrin), "Real-world example (USDC transfer)": Ethereum nonce 63',
    version: '1.3.0', // the tool's default, used by that example
    chainId: 1,
    safe: '0x1c694Fc3006D81ff4a56F97E1b99529066a23725',
    tx: SafeTx.from({
      to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      data: '0xa9059cbb00000000000000000000000092d0ebaf7eb707f0650f9471e61348f4656c29bc00000000000000000000000000000000000000000000000000000005d21dba00',
      nonce: 63n,
    }),
    domainHash: '0x1655e94a9bcc5a957daa1acae692b4c22e7aaf146b4deb9194f8221d2f09d8c3',
    messageHash: '0xf22754eba5a2b230714534b4657195268f00dc0031296de4b835d82e7aa1e574',
    safeTxHash: '0xad06b099fca34e51e4886643d95d9a19ace2cd024065efb66662a876e8c40343',
  },
  {
    source:
      'safe-hash-rs crates/safe-utils/tests/hasher_tests.rs (GitHub Cyfrin), test_signing_hasher: Sepolia',
    version: '1.3.0',
    chainId: 11155111,
    safe: '0x86D46EcD553d25da0E3b96A9a1B442ac72fa9e9F',
    tx: SafeTx.from({
      to: '0x7b79995e5f793A07Bc00c21412e50Ecae098E7f9',
      data: '0x095ea7b3000000000000000000000000fe2f653f6579de62aaf8b186e618887d03fa31260000000000000000000000000000000000000000000000000000000000000001',
      nonce: 6n,
    }),
    safeTxHash: '0x213be037275c94449a28b4edead76b0d63c7e12b52257f9d5686d98b9a1a5ff4',
  },
  {
    source: 'morpho-org/safe-tx-hash test.py (GitHub), test_safe_tx_hash: Base nonce 11',
    version: '1.3.0', // not printed by the source; the hashes are the same for every version >= 1.3.0
    chainId: 8453,
    safe: '0xcBa28b38103307Ec8dA98377ffF9816C164f9AFa',
    tx: SafeTx.from({
      to: '0xBAa5CC21fd487B8Fcc2F632f3F4E8D37262a0842',
      data: '0xa9059cbb000000000000000000000000f057afeec22e220f47ad4220871364e9e828b2e900000000000000000000000000000000000000000001a784379d99db42000000',
      nonce: 11n,
    }),
    domainHash: '0x837b1eb3bcc66a4b6bd9f0d8c876e31648b46ac2e66e4080ee93e97e51074cb9',
    messageHash: '0x18100568166f32d42c2c1d01c907dabc9bec58334a125da2a2a43742764183cd',
    safeTxHash: '0x1bf99e3cf2d2272960c8a02ca4163459ad240de7995bec237a886b84968a077c',
  },
]

// safe-tx-hashes-util README "Safe Message Hashes" and safe-hash-rs README "Message Signing Examples" print the same
// four hashes for this message (a file whose line endings are LF, no newline after the last line) and Safe.
const openSeaMessage = [
  'Welcome to OpenSea!',
  '',
  'Click to sign in and accept the OpenSea Terms of Service (https://opensea.io/tos) and Privacy Policy (https://opensea.io/privacy).',
  '',
  'This request will not trigger a blockchain transaction or cost any gas fees.',
  '',
  'Wallet address:',
  '0x657ff0d4ec65d82b2bc1247b0a558bcd2f80a0f1',
  '',
  'Nonce:',
  'ea499f2f-fdbc-4d04-92c4-b60aba887e06',
].join('\n')
const messageVector = {
  chainId: 11155111,
  address: '0x657ff0D4eC65D82b2bC1247b0a558bcd2f80A0f1',
  rawMessageHash: '0xcb1a9208c1a7c191185938c7d304ed01db68677eea4e689d688469aa72e34236',
  domainHash: '0x611379C19940CAEE095CDB12BEBE6A9FA9ABB74CDB1FBD7377C49A1F198DC24F',
  messageHash: '0xA5D2F507A16279357446768DB4BD47A03BCA0B6ACAC4632A4C2C96AF20D6F6E5',
  safeMessageHash: '0x1866b559f56261ada63528391b93a1fe8e2e33baf7cace94fc6b42202d16ea08',
} as const

const lower = (h: Hex | undefined) => h?.toLowerCase()

// protocol-kit's SafeTransactionData: amounts as decimal strings, the nonce as a JavaScript number.
const kitTx = (tx: SafeTx.SafeTx) => ({
  to: tx.to,
  value: tx.value.toString(),
  data: tx.data,
  operation: tx.operation,
  safeTxGas: tx.safeTxGas.toString(),
  baseGas: tx.baseGas.toString(),
  gasPrice: tx.gasPrice.toString(),
  gasToken: tx.gasToken,
  refundReceiver: tx.refundReceiver,
  nonce: Number(tx.nonce),
})

describe('SafeTx hashes: published vectors', () => {
  for (const v of txVectors)
    it(`default: ${v.source}`, () => {
      const safe = { chainId: v.chainId, address: v.safe }
      const hashes = safeTxHashes(v.tx, safe)
      expect(SafeTx.hash(v.tx, safe)).toBe(lower(v.safeTxHash))
      expect(hashes.safeTxHash).toBe(lower(v.safeTxHash))
      if (v.domainHash) expect(hashes.domainHash).toBe(lower(v.domainHash))
      if (v.messageHash) expect(hashes.messageHash).toBe(lower(v.messageHash))
      expect(keccak256(concat(['0x1901', hashes.domainHash, hashes.messageHash]))).toBe(hashes.safeTxHash)
      // Every vector is a chainId domain (1.3.0 on), where protocol-kit agrees for the version given.
      expect(domainHasChainId(v.version)).toBe(true)
      expect(calculateSafeTransactionHash(v.safe, kitTx(v.tx), v.version, BigInt(v.chainId))).toBe(
        lower(v.safeTxHash),
      )
    })

  it('behavior: the nested approveHash vector signs the primary vector hash, and the same Safe shares a domain', () => {
    const [, , , primary, nested] = txVectors
    expect(nested?.tx.data).toBe(
      encodeFunctionData({
        abi: parseAbi(['function approveHash(bytes32 hashToApprove)']),
        args: [primary?.safeTxHash as Hex],
      }),
    )
    // The Sepolia Safe's transaction domain is the domain its messages are signed in.
    expect(primary?.domainHash).toBe(messageVector.domainHash)
    // The MultiSend payload taken from the trace is whole: 4 + 32 + 32 + 306 bytes padded to 320.
    expect(size(txVectors[2]?.tx.data as Hex)).toBe(0x184)
  })
})

describe('Safe message hashes: published vectors', () => {
  it('default: safe-tx-hashes-util and safe-hash-rs READMEs, the OpenSea sign-in message on Sepolia', () => {
    // Published for a >= 1.3.0 Safe (safe-hash-rs gives 1.4.1); the domain, so the hash, is the same for each.
    for (const version of ['1.3.0', '1.4.1', '1.5.0']) {
      const ref = { version, chainId: messageVector.chainId, address: messageVector.address as Address }
      const preimage = safeMessagePreimage(ref, openSeaMessage)
      expect(messageHash(openSeaMessage)).toBe(messageVector.rawMessageHash)
      expect(slice(preimage, 0, 2)).toBe('0x1901')
      expect(slice(preimage, 2, 34)).toBe(lower(messageVector.domainHash))
      expect(slice(preimage, 34, 66)).toBe(lower(messageVector.messageHash))
      expect(safeMessageHash(ref, openSeaMessage)).toBe(messageVector.safeMessageHash)
      expect(keccak256(preimage)).toBe(messageVector.safeMessageHash)
    }
  })
})

// protocol-kit: the official SDK's own hashing, on generated transactions and messages.
const SAFE_VERSIONS = ['1.3.0', '1.4.1', '1.5.0'] as const
const LEGACY_VERSIONS = ['1.1.1', '1.2.0'] as const
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(toHex(b)))
const uint256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })
const safeTx: fc.Arbitrary<SafeTx.SafeTx> = fc.record({
  to: address,
  value: uint256,
  data: fc.uint8Array({ maxLength: 300 }).map((b) => toHex(b)),
  operation: fc.constantFrom(0 as const, 1 as const),
  safeTxGas: uint256,
  baseGas: uint256,
  gasPrice: uint256,
  gasToken: fc.oneof(fc.constant(zeroAddress), address),
  refundReceiver: fc.oneof(fc.constant(zeroAddress), address),
  // protocol-kit carries the nonce as a JavaScript number
  nonce: fc.bigInt({ min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) }),
})
const chainId = fc.oneof(
  fc.constantFrom(1, 10, 100, 137, 8453, 42161, 11155111),
  fc.integer({ min: 1, max: 2 ** 32 }),
)

describe('SafeTx hashes: protocol-kit', () => {
  it('behavior: safeTxHash, and 0x1901 ‖ domainHash ‖ messageHash, equal protocol-kit for 1.3.0, 1.4.1, 1.5.0', () => {
    fc.assert(
      fc.property(safeTx, address, chainId, fc.constantFrom(...SAFE_VERSIONS), (tx, safe, chain, version) => {
        const hashes = safeTxHashes(tx, { chainId: chain, address: safe })
        const expected = calculateSafeTransactionHash(safe, kitTx(tx), version, BigInt(chain))
        const preimage = concat(['0x1901', hashes.domainHash, hashes.messageHash])
        expect(SafeTx.hash(tx, { chainId: chain, address: safe })).toBe(expected)
        expect(hashes.safeTxHash).toBe(expected)
        expect(preimage).toBe(preimageSafeTransactionHash(safe, kitTx(tx), version, BigInt(chain)))
        expect(keccak256(preimage)).toBe(expected)
      }),
      { seed: 712, numRuns: 100 },
    )
  })

  it('behavior: before 1.3.0 the struct hash is shared but the domain has no chainId, outside SafeTx.hash', () => {
    fc.assert(
      fc.property(
        safeTx,
        address,
        chainId,
        fc.constantFrom(...LEGACY_VERSIONS),
        (tx, safe, chain, version) => {
          const hashes = safeTxHashes(tx, { chainId: chain, address: safe })
          const legacy = preimageSafeTransactionHash(safe, kitTx(tx), version, BigInt(chain)) as Hex
          expect(slice(legacy, 34, 66)).toBe(hashes.messageHash)
          // SafeTx.hash is for the versions Concord supports (SUPPORTED_VERSIONS, 1.3.0 on): a 1.1.1/1.2.0 Safe differs
          expect(calculateSafeTransactionHash(safe, kitTx(tx), version, BigInt(chain))).not.toBe(
            hashes.safeTxHash,
          )
        },
      ),
      { seed: 712, numRuns: 20 },
    )
  })
})

describe('Safe message hashes: protocol-kit', () => {
  const mail = {
    domain: {
      name: 'Ether Mail',
      version: '1',
      chainId: 1,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
    },
    types: {
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
  }
  const message = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc
      .tuple(fc.string({ maxLength: 20 }), address, fc.string({ maxLength: 20 }), address, fc.string())
      .map(([a, wa, b, wb, contents]) => ({
        ...mail,
        message: { from: { name: a, wallet: wa }, to: { name: b, wallet: wb }, contents },
      })),
  )

  it('behavior: safeMessageHash and its preimage equal protocol-kit for 1.3.0, 1.4.1, 1.5.0', () => {
    fc.assert(
      fc.property(message, address, chainId, fc.constantFrom(...SAFE_VERSIONS), (m, safe, chain, version) => {
        const ref = { version, chainId: chain, address: safe }
        const expected = calculateSafeMessageHash(safe, hashSafeMessage(m), version, BigInt(chain))
        expect(safeMessageHash(ref, m)).toBe(expected)
        expect(safeMessagePreimage(ref, m)).toBe(
          preimageSafeMessageHash(safe, hashSafeMessage(m), version, BigInt(chain)),
        )
      }),
      { seed: 712, numRuns: 100 },
    )
  })

  it('behavior: for 1.1.1 and 1.2.0 the domain has no chainId, as protocol-kit types it', () => {
    fc.assert(
      fc.property(
        message,
        address,
        chainId,
        fc.constantFrom(...LEGACY_VERSIONS),
        (m, safe, chain, version) => {
          const typed = generateTypedData({
            safeAddress: safe,
            safeVersion: version,
            chainId: BigInt(chain),
            data: m,
          })
          expect(safeMessageHash({ version, chainId: chain, address: safe }, m)).toBe(
            hashTypedData(typed as never),
          )
        },
      ),
      { seed: 712, numRuns: 50 },
    )
  })
})
