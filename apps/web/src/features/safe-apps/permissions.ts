// Permissions an app asks for with wallet_requestPermissions (the Safe Apps SDK's `wallet.requestPermissions`):
// today only `requestAddressBook`. Grants are kept per app origin in localStorage and can be revoked in
// Settings → Safe Apps.
import { AppFacingError } from './protocol'

/** The SDK's Permission shape (types/permissions.ts), as wallet_getPermissions answers it. */
export type PermissionCaveat = { type: string; value?: unknown; name?: string }
export type Permission = {
  parentCapability: string
  invoker: string
  date?: number
  caveats?: PermissionCaveat[]
}

/** Methods an app may call only once the user allowed it. */
export const RESTRICTED_METHODS = ['requestAddressBook'] as const
export type RestrictedMethod = (typeof RESTRICTED_METHODS)[number]

export const PERMISSION_REQUEST_INVALID = 'Permissions request is invalid'

const USER_RESTRICTED = { type: 'userRestricted', value: true } as const

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The capabilities a wallet_requestPermissions asks for, or AppFacingError('Permissions request is invalid') for
 * anything but an array of objects whose keys are all restricted methods (the SDK's own rule; it throws before
 * sending, but a hand-written app may not).
 */
export function requestedCapabilities(params: unknown): RestrictedMethod[] {
  if (!Array.isArray(params) || !params.every(isRecord)) throw new AppFacingError(PERMISSION_REQUEST_INVALID)
  const names = params.flatMap((request) => Object.keys(request))
  if (
    !names.every((name): name is RestrictedMethod => (RESTRICTED_METHODS as readonly string[]).includes(name))
  )
    throw new AppFacingError(PERMISSION_REQUEST_INVALID)
  return [...new Set(names)]
}

export type PermissionsByOrigin = Record<string, Permission[]>

/** Whether the origin holds `capability` without the user's restriction (a refusal is recorded as a caveat). */
export const hasPermission = (permissions: Permission[], capability: string): boolean =>
  permissions.some(
    (p) => p.parentCapability === capability && !p.caveats?.some((c) => c.type === USER_RESTRICTED.type),
  )

/** The origin's permissions after the user answered a request for `capabilities` (granted or refused). */
export function applyDecision(
  current: Permission[],
  origin: string,
  capabilities: readonly string[],
  granted: boolean,
  now: number,
): Permission[] {
  const next = current.map((p) => ({ ...p, caveats: [...(p.caveats ?? [])] }))
  for (const capability of capabilities) {
    const existing = next.find((p) => p.parentCapability === capability)
    if (!existing) {
      next.push({
        invoker: origin,
        parentCapability: capability,
        date: now,
        caveats: granted ? [] : [USER_RESTRICTED],
      })
      continue
    }
    existing.date = now
    existing.caveats = granted
      ? existing.caveats.filter((c) => c.type !== USER_RESTRICTED.type)
      : existing.caveats.some((c) => c.type === USER_RESTRICTED.type)
        ? existing.caveats
        : [...existing.caveats, USER_RESTRICTED]
  }
  return next
}

/** App origins without a trailing slash: `https://app.example/` and `https://app.example` are one app. */
export const normalizeOrigin = (origin: string) => origin.replace(/\/+$/, '')

export const PERMISSIONS_STORAGE_KEY = 'concord.safeApps.permissions'

function parseStored(raw: string | null): PermissionsByOrigin {
  if (!raw) return {}
  try {
    const value: unknown = JSON.parse(raw)
    if (!isRecord(value)) return {}
    const out: PermissionsByOrigin = {}
    for (const [origin, list] of Object.entries(value))
      if (Array.isArray(list))
        out[origin] = list.filter(
          (p): p is Permission =>
            isRecord(p) && typeof p.parentCapability === 'string' && typeof p.invoker === 'string',
        )
    return out
  } catch {
    return {}
  }
}

/** The permission store: read, decide, revoke; listeners hear every change (Settings and open frames stay in step). */
export function createPermissionStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined) {
  const listeners = new Set<() => void>()
  let cache: PermissionsByOrigin = parseStored(storage?.getItem(PERMISSIONS_STORAGE_KEY) ?? null)
  const write = (next: PermissionsByOrigin) => {
    cache = next
    try {
      storage?.setItem(PERMISSIONS_STORAGE_KEY, JSON.stringify(next))
    } catch {
      // Storage full or blocked: the decision still holds for this page.
    }
    for (const listener of listeners) listener()
  }
  return {
    all: (): PermissionsByOrigin => cache,
    get: (origin: string): Permission[] => cache[normalizeOrigin(origin)] ?? [],
    has: (origin: string, capability: string) =>
      hasPermission(cache[normalizeOrigin(origin)] ?? [], capability),
    decide(
      origin: string,
      capabilities: readonly string[],
      granted: boolean,
      now = Date.now(),
    ): Permission[] {
      const key = normalizeOrigin(origin)
      const list = applyDecision(cache[key] ?? [], key, capabilities, granted, now)
      write({ ...cache, [key]: list })
      return list
    },
    /** Forgets the origin's answer for `capability` (the app will ask again), or all of its answers. */
    revoke(origin: string, capability?: string) {
      const key = normalizeOrigin(origin)
      const { [key]: list = [], ...rest } = cache
      const kept = capability ? list.filter((p) => p.parentCapability !== capability) : []
      write(kept.length ? { ...rest, [key]: kept } : rest)
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

export type PermissionStore = ReturnType<typeof createPermissionStore>

const browserStorage = typeof window === 'undefined' ? undefined : window.localStorage
export const permissionStore = createPermissionStore(browserStorage)
