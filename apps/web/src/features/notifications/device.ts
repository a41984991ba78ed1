// This browser as a notification device: a random v4 UUID (its secret: whoever knows it reads the feed) and
// the Safes it registered, kept in localStorage per gateway. Components read it through useNotificationDevice.
import { useSyncExternalStore } from 'react'
import { gatewayScope } from '../../lib/gateway'

export type Device = { uuid: string; safes: string[] }

const CHANGED = 'concord:notification-device'
const storageKey = () => `concord.notifications.device:${gatewayScope()}`
/** `<chainId>:<lower-case address>` */
export const safeKey = (chainId: string, address: string) => `${chainId}:${address.toLowerCase()}`

let cached: { raw: string | null; device: Device | undefined } = { raw: null, device: undefined }

export function readDevice(): Device | undefined {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(storageKey())
  } catch {
    return undefined // storage blocked: no device
  }
  if (raw === cached.raw) return cached.device
  let device: Device | undefined
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<Device>) : undefined
    if (parsed && typeof parsed.uuid === 'string' && Array.isArray(parsed.safes))
      device = { uuid: parsed.uuid, safes: parsed.safes.filter((s) => typeof s === 'string') }
  } catch {
    device = undefined
  }
  cached = { raw, device }
  return device
}

function writeDevice(device: Device | undefined) {
  if (device) localStorage.setItem(storageKey(), JSON.stringify(device))
  else localStorage.removeItem(storageKey())
  window.dispatchEvent(new Event(CHANGED))
}

/** The device's uuid, made (and kept) on first use. */
export function deviceUuid(): string {
  return readDevice()?.uuid ?? crypto.randomUUID()
}

export function rememberSafe(uuid: string, chainId: string, address: string) {
  const device = readDevice()
  const safes = new Set(device?.uuid === uuid ? device.safes : [])
  safes.add(safeKey(chainId, address))
  writeDevice({ uuid, safes: [...safes] })
}

export function forgetSafe(chainId: string, address: string) {
  const device = readDevice()
  if (!device) return
  writeDevice({ ...device, safes: device.safes.filter((s) => s !== safeKey(chainId, address)) })
}

/** The gateway no longer knows this device (e.g. its database was reset): start over. */
export const forgetDevice = () => writeDevice(undefined)

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGED, onChange)
    window.removeEventListener('storage', onChange)
  }
}

export const useNotificationDevice = (): Device | undefined =>
  useSyncExternalStore(subscribe, readDevice, () => undefined)
