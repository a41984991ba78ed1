// The SDK's wallet permissions and the one method they guard (requestAddressBook), per app origin.
import { requestedCapabilities } from '../permissions'
import { AppFacingError, REJECTED_PERMISSIONS } from '../protocol'
import type { HostHandler } from './context'

export const wallet_getPermissions: HostHandler = (_params, { origin }, host) => host.permissions.get(origin)

/** Asks the user for what the app has not been answered yet; closing the prompt refuses without remembering. */
export const wallet_requestPermissions: HostHandler = (params, { id, origin }, host) => {
  const capabilities = requestedCapabilities(params)
  if (capabilities.length === 0) return host.permissions.get(origin)
  return new Promise((resolve, reject) => {
    host.showPermissionPrompt({
      id,
      origin,
      capabilities,
      answer: (granted) => {
        host.showPermissionPrompt(null)
        if (granted === null) return reject(new AppFacingError(REJECTED_PERMISSIONS))
        const list = host.permissions.decide(origin, capabilities, granted)
        if (granted) resolve(list)
        else reject(new AppFacingError(REJECTED_PERMISSIONS))
      },
    })
  })
}

/** The address book on the open chain, or [] until the user allowed it. */
export const requestAddressBook: HostHandler = (_params, { origin }, host) => {
  if (!host.permissions.has(origin, 'requestAddressBook')) return []
  const { addressBook, chain } = host.state()
  return addressBook.map((e) => ({ address: e.address, name: e.name, chainId: chain.chainId }))
}
