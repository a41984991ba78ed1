// Safe Apps that ship with the web app (apps/batch-payments, built into the web app's dist under /apps/…): listed
// by GET …/safe-apps unless the operator turns `bundledSafeApps` off, and only when the served web build holds them.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { SafeAppSetting } from '../../config/siteConfig.ts'

type BundledApp = {
  id: number
  path: string
  name: string
  description: string
  icon: string
  tags: string[]
}

/** Fixed ids far above the configured apps' defaults (their position from 1), so links stay stable. */
export const BUNDLED_SAFE_APPS: readonly BundledApp[] = [
  {
    id: 900_001,
    path: 'apps/batch-payments/',
    name: 'Batch payments',
    description: 'Pay many recipients in native coin or ERC-20 tokens from a CSV, as one Safe transaction.',
    icon: 'icon.svg',
    tags: ['payments', 'batch'],
  },
]

/** The bundled apps `webDir` holds, as `safeApps` settings at `publicUrl` (e.g. https://wallet.example). */
export function bundledSafeApps(webDir: string | undefined, publicUrl: string): SafeAppSetting[] {
  if (!webDir) return []
  return BUNDLED_SAFE_APPS.filter((app) => existsSync(join(webDir, app.path, 'index.html'))).map((app) => {
    const url = `${publicUrl.replace(/\/+$/, '')}/${app.path}`
    return {
      id: app.id,
      url,
      name: app.name,
      iconUrl: `${url}${app.icon}`,
      description: app.description,
      chainIds: [],
      provider: null,
      tags: app.tags,
      features: ['BATCHED_TRANSACTIONS'],
      developerWebsite: null,
      socialProfiles: [],
      featured: true,
    }
  })
}
