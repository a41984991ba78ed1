// Checks a notification registration (the Client Gateway's POST /v1/register/notifications) before anything is
// stored: a fresh timestamp, served chains, indexed Safes, and for every Safe a signature over the registration
// that recovers to one of its current on-chain owners. Unlike CGW, an unsigned Safe is refused: a device learns a
// Safe's activity only when an owner allowed it.
import { type Address, getAddress, type Hex, isAddressEqual } from 'viem'
import { HttpError } from '../../http/errors.ts'
import { requireSafe } from '../../http/require.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import { readOnChainSafe } from '../../safe/onChainSafe.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { Subscription } from './notifications.repository.ts'
import {
  type DeviceType,
  isFreshTimestamp,
  recoverRegistrationSigner,
  registrationHash,
} from './registrationSignature.ts'

export type Registration = {
  uuid: string
  cloudMessagingToken: string
  deviceType: DeviceType
  timestamp: string
  safeRegistrations: readonly { chainId: string; safes: readonly string[]; signatures: readonly string[] }[]
}

/** The subscriptions a registration proves, one per Safe with the owner that signed for it. */
export async function checkRegistration(
  deps: { chains: ChainsRepository; safes: SafesRepository; rpc: RpcClients },
  body: Registration,
  now = Date.now(),
): Promise<Subscription[]> {
  if (!isFreshTimestamp(body.timestamp, now)) throw new HttpError(400, 'The signature is expired!')
  const subscriptions = new Map<string, Subscription>()
  for (const registration of body.safeRegistrations) {
    if (!registration.signatures.length)
      throw new HttpError(
        422,
        `Registration for chain ${registration.chainId} is not signed: each Safe needs a signature of one of its owners`,
      )
    const hash = registrationHash({ ...body, safes: registration.safes })
    const signers: Address[] = []
    for (const signature of registration.signatures) {
      const signer = await recoverRegistrationSigner(body.deviceType, hash, signature as Hex)
      if (!signer)
        throw new HttpError(422, `Invalid signature for the registration on chain ${registration.chainId}`)
      signers.push(signer)
    }
    const checked = await Promise.all(
      registration.safes.map(async (address) => {
        const { chain, safe } = await requireSafe(deps, registration.chainId, getAddress(address))
        const { owners } = await readOnChainSafe(deps.rpc.get(chain), safe.address as Address)
        const signer = signers.find((s) => owners.some((o) => isAddressEqual(o, s)))
        if (!signer)
          throw new HttpError(
            422,
            `No signature of an owner of the Safe ${safe.address} on chain ${chain.chainId} (signed by ${signers.join(', ')})`,
          )
        return { deviceUuid: body.uuid, chainId: chain.chainId, safe: safe.address, signer }
      }),
    )
    for (const s of checked) subscriptions.set(`${s.chainId}:${s.safe}`, s)
  }
  return [...subscriptions.values()]
}
