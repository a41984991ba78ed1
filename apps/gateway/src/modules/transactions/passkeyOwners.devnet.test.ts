// Passkey owners on the devnet: a P-256 key made with Node's own crypto (not the code under test) stands in for a
// passkey. Its signer contract is created through Safe's SafeWebAuthnSignerFactory and added as an owner by one
// MultiSend Safe transaction; a SafeTx hash is then "signed by the authenticator" (authenticatorData and
// clientDataJSON built as a browser's WebAuthn assertion has them), the gateway takes the contract signature
// (v = 0) as a confirmation and refuses a tampered one, and the Safe executes with it. Oracles: the chain
// (getOwners, nonce, balance) and the gateway's 422 answer.
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import {
  createSafe,
  type Devnet,
  encodeMultiSend,
  sendExecTransaction,
  startDevnet,
  testAccount,
} from '@concord/devnet'
import { safeAbi, safeV130, safeV141 } from '@concord/safe/contracts'
import { safeMessageHash, safeMessageTypedData } from '@concord/safe/messages'
import { passkeyContracts } from '@concord/safe/modules'
import {
  base64UrlChallenge,
  concordPasskeyVerifiers,
  createSignerCall,
  EIP1271_MAGIC_VALUE,
  encodeWebAuthnSignature,
  passkeyContractSignature,
  passkeyVerifiers,
  RIP7212_PRECOMPILE,
  webAuthnSignerFactoryAbi,
} from '@concord/safe/passkeys'
import * as SafeTx from '@concord/safe/SafeTx'
import { encodeSignatures } from '@concord/safe/signatures'
import {
  type Address,
  bytesToHex,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hexToBigInt,
  parseAbi,
  parseEther,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createDevnetTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'
import { proposalBody } from '../../testing/proposalBody.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabases.ts'

const [a0, a3] = [testAccount(0), testAccount(3)]
const CHAIN = 31337
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

/** A software passkey: a P-256 key pair, and WebAuthn assertions over a challenge as an authenticator makes them. */
function softwarePasskey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const jwk = publicKey.export({ format: 'jwk' })
  const coordinate = (b64: string | undefined) => hexToBigInt(bytesToHex(Buffer.from(b64 ?? '', 'base64url')))
  return {
    key: { x: coordinate(jwk.x), y: coordinate(jwk.y) },
    assert: (challenge: Hex) => assertion(privateKey, challenge),
  }
}

function assertion(privateKey: KeyObject, challenge: Hex) {
  // rpIdHash ‖ flags (user present 0x01, user verified 0x04) ‖ signature counter.
  const authenticatorData = Buffer.concat([
    sha256('localhost'),
    Buffer.from([0x05]),
    Buffer.from([0, 0, 0, 7]),
  ])
  const clientDataJSON = `{"type":"webauthn.get","challenge":"${base64UrlChallenge(challenge)}","origin":"http://localhost:5173","crossOrigin":false}`
  // The authenticator signs authenticatorData ‖ SHA-256(clientDataJSON) with ECDSA over SHA-256.
  const raw = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  })
  return {
    authenticatorData: bytesToHex(authenticatorData),
    clientDataJSON,
    r: hexToBigInt(bytesToHex(raw.subarray(0, 32))),
    s: hexToBigInt(bytesToHex(raw.subarray(32))),
  }
}

describe('passkey owners', () => {
  let devnet: Devnet
  let gateway: Gateway
  let database: TestDatabase
  const request = (method: string, path: string, body?: unknown) => jsonRequest(gateway, method, path, body)
  const sync = () => gateway.indexers.get(CHAIN)?.sync()

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    devnet = await startDevnet({ port: 0 })
    gateway = await createGateway(createDevnetTestConfig(devnet, { databaseUrl: database.url }))
  })
  afterAll(async () => {
    await gateway?.stop()
    await devnet?.stop()
    await database?.drop()
  })

  it.each([
    ['1.4.1', safeV141.multiSendCallOnly, 9261n],
    ['1.3.0', safeV130.multiSendCallOnly, 9262n],
  ] as const)(
    'default: passkey signature accepted by the Safe %s and by the gateway',
    async (version, multiSend, salt) => {
      const { client } = devnet
      const safe = await createSafe(client, {
        owners: [a0.address],
        threshold: 1,
        saltNonce: salt,
        sender: a0.address,
        version,
      })
      await client.waitForTransactionReceipt({
        hash: await client.sendTransaction({ account: a0.address, to: safe, value: parseEther('1') }),
      })
      const passkey = softwarePasskey()
      const signer = await client.readContract({
        address: passkeyContracts.webAuthnSignerFactory,
        abi: webAuthnSignerFactoryAbi,
        functionName: 'getSigner',
        args: [passkey.key.x, passkey.key.y, concordPasskeyVerifiers],
      })

      // One Safe transaction: the factory creates the signer, the Safe adds it as owner with threshold 2.
      const addOwner = encodeFunctionData({
        abi: safeAbi,
        functionName: 'addOwnerWithThreshold',
        args: [signer, 2n],
      })
      const setupTx = SafeTx.from({
        to: multiSend,
        data: encodeMultiSend([
          createSignerCall(passkey.key, concordPasskeyVerifiers),
          { to: safe, data: addOwner },
        ]),
        operation: 1,
        nonce: 0n,
      })
      const setupHash = SafeTx.hash(setupTx, { chainId: CHAIN, address: safe })
      await sendExecTransaction(client, {
        safe,
        tx: setupTx,
        signatures: SafeTx.joinSignatures([{ signer: a0.address, data: await a0.sign({ hash: setupHash }) }]),
        executor: a0.address,
      })
      expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' })).toContain(
        signer,
      )
      expect((await client.getCode({ address: signer }))?.length).toBeGreaterThan(2)
      await sync()

      // #0 proposes a transfer; the passkey confirms it through the gateway.
      const tx = SafeTx.from({ to: a3.address, value: 1234n, nonce: 1n })
      const safeTxHash = SafeTx.hash(tx, { chainId: CHAIN, address: safe })
      const proposed = await request(
        'POST',
        `/v1/chains/${CHAIN}/transactions/${safe}/propose`,
        await proposalBody(tx, { chainId: CHAIN, address: safe }, a0),
      )
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(200)
      const confirm = (signature: Hex) =>
        request('POST', `/v1/chains/${CHAIN}/transactions/${safeTxHash}/confirmations`, { signature })
      const webAuthn = encodeWebAuthnSignature(passkey.assert(safeTxHash))

      // Tampered: a signature over another hash, and one whose s was changed, are both refused.
      const otherHash = encodeWebAuthnSignature(passkey.assert(setupHash))
      const forged = encodeWebAuthnSignature({ ...passkey.assert(safeTxHash), s: 12345n })
      for (const bad of [otherHash, forged]) {
        const refused = await confirm(passkeyContractSignature(signer, bad))
        expect(refused.status).toBe(422)
        expect(JSON.stringify(refused.body)).toContain('is not valid for this hash (EIP-1271)')
      }

      const accepted = await confirm(passkeyContractSignature(signer, webAuthn))
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
      const confirmations = (
        accepted.body as {
          detailedExecutionInfo: { confirmations: { signer: { value: string }; signature: Hex }[] }
        }
      ).detailedExecutionInfo.confirmations
      expect(confirmations.map((c) => c.signer.value).sort()).toEqual([a0.address, signer].sort())

      // The stored confirmations, joined as the web app joins them, execute the transfer: the Safe accepts them.
      const before = await client.getBalance({ address: a3.address })
      await sendExecTransaction(client, {
        safe,
        tx,
        signatures: encodeSignatures(
          confirmations.map((c) => ({ signer: c.signer.value as Address, signature: c.signature })),
        ),
        executor: a0.address,
      })
      expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })).toBe(2n)
      expect((await client.getBalance({ address: a3.address })) - before).toBe(1234n)

      // A Safe message: #0 starts it, the passkey signs the Safe message hash (one over another hash is refused);
      // the Safe's own isValidSignature accepts the prepared signature for the message (from 1.4.1 on, see below).
      const text = `Signed with a passkey by a Safe ${version}`
      const ref = { version, chainId: CHAIN, address: safe }
      const messageHash = safeMessageHash(ref, text)
      const started = await request('POST', `/v1/chains/${CHAIN}/safes/${safe}/messages`, {
        message: text,
        signature: await a0.signTypedData(safeMessageTypedData(ref, text)),
      })
      expect(started.status, JSON.stringify(started.body)).toBe(202)
      const signMessage = (signature: Hex) =>
        request('POST', `/v1/chains/${CHAIN}/messages/${messageHash}/signatures`, { signature })
      const wrong = await signMessage(
        passkeyContractSignature(signer, encodeWebAuthnSignature(passkey.assert(safeTxHash))),
      )
      expect(wrong.status).toBe(422)
      const signed = await signMessage(
        passkeyContractSignature(signer, encodeWebAuthnSignature(passkey.assert(messageHash))),
      )
      expect(signed.status, JSON.stringify(signed.body)).toBe(200)
      const message = (await request('GET', `/v1/chains/${CHAIN}/messages/${messageHash}`)).body as {
        preparedSignature: Hex
      }
      const onChain = client.readContract({
        address: safe,
        abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
        functionName: 'isValidSignature',
        args: [hashMessage(text), message.preparedSignature],
      })
      if (version === '1.4.1') expect(await onChain).toBe('0x1626ba7e')
      // Safe 1.3.0's CompatibilityFallbackHandler hands an owner contract the raw message (abi.encode of the
      // message hash), not the Safe message's EIP-712 encoding, so no contract owner's signature of the Safe
      // message hash holds there (GS024): the web app offers passkey message signing from 1.4.1 on only.
      else await expect(onChain).rejects.toThrow('GS024')
    },
  )

  it('behavior: a signer with the RIP-7212 precompile first and a verifier behind it (real chains) accepts the passkey', async () => {
    const { client } = devnet
    const passkey = softwarePasskey()
    // As on chains where Safe publishes the Daimo verifier: precompile 0x100, then the fallback verifier (here the
    // devnet's FCL one). The node may or may not have the precompile: the signature holds either way.
    const verifiers = passkeyVerifiers(passkeyContracts.fclP256Verifier, RIP7212_PRECOMPILE)
    const signer = await client.readContract({
      address: passkeyContracts.webAuthnSignerFactory,
      abi: webAuthnSignerFactoryAbi,
      functionName: 'getSigner',
      args: [passkey.key.x, passkey.key.y, verifiers],
    })
    const create = createSignerCall(passkey.key, verifiers)
    await client.waitForTransactionReceipt({
      hash: await client.sendTransaction({ account: a0.address, to: create.to, data: create.data }),
    })
    const hash = `0x${'5a'.repeat(32)}` as Hex
    const check = (signature: Hex) =>
      client.readContract({
        address: signer,
        abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
    expect(await check(encodeWebAuthnSignature(passkey.assert(hash)))).toBe(EIP1271_MAGIC_VALUE)
    await expect(check(encodeWebAuthnSignature({ ...passkey.assert(hash), s: 12345n }))).resolves.not.toBe(
      EIP1271_MAGIC_VALUE,
    )
  })
})
