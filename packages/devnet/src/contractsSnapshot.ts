// A fresh chain's contracts (every Safe version, the modules, Multicall3) take most of a fresh chain's start to
// deploy, and come out the same every time: after one deployment anvil's state is dumped into a cache, and later
// fresh starts of the same chain load it (anvil_loadState) instead of deploying again. The cache is named by what
// the contracts come from (the deployment code, the installed packages' lock, the anvil binary, the chain id), so a
// change to any of them deploys afresh. A snapshot that does not load, or loads without the contracts, is deleted
// and the chain started again, deploying.
import { createHash, randomUUID } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import type { Address } from 'viem'
import type { DevnetClient } from './client.ts'

const deployDir = join(import.meta.dirname, 'deploy')
const lockFile = join(import.meta.dirname, '..', '..', '..', 'package-lock.json')

/** The snapshot file of this chain in `cacheDir`: a name that changes whenever its contracts could. */
function snapshotPath(cacheDir: string, chainId: number, anvilBinary: string): string {
  const hash = createHash('sha256').update(`${chainId}\n`)
  for (const name of readdirSync(deployDir)
    .filter((n) => n.endsWith('.ts') && !n.includes('.test.'))
    .sort())
    hash.update(name).update(readFileSync(join(deployDir, name)))
  if (existsSync(lockFile)) hash.update(readFileSync(lockFile))
  const anvil = statSync(anvilBinary)
  hash.update(`${anvilBinary}\n${anvil.size}\n${anvil.mtimeMs}`)
  return join(cacheDir, `contracts-${chainId}-${hash.digest('hex').slice(0, 16)}.hex`)
}

/**
 * Installs the chain's contracts: from the cached snapshot when there is a good one, else by `deploy()`, whose
 * result is then cached. `probes` are contracts the snapshot must hold once loaded. Throws SnapshotRejectedError
 * (the snapshot deleted) when a snapshot did not load: what it left in the chain is not trusted.
 */
export async function installContracts(
  client: DevnetClient,
  options: { cacheDir: string; anvilBinary: string; probes: Address[] },
  deploy: () => Promise<void>,
): Promise<'snapshot' | 'deployed'> {
  const path = snapshotPath(options.cacheDir, client.chain.id, options.anvilBinary)
  if (existsSync(path) && (await client.getBlockNumber()) === 0n) {
    try {
      await client.request({ method: 'anvil_loadState', params: [readFileSync(path, 'utf8')] } as never)
      const codes = await Promise.all(options.probes.map((address) => client.getCode({ address })))
      if (codes.every((code) => code && code !== '0x')) return 'snapshot'
    } catch {
      // Unreadable for this anvil: rejected below.
    }
    rmSync(path, { force: true })
    throw new SnapshotRejectedError(path)
  }
  await deploy()
  // A name of its own: two chains starting at once (test workers) never write into one file.
  const tmp = `${path}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`
  try {
    const state = (await client.request({ method: 'anvil_dumpState' } as never)) as string
    mkdirSync(options.cacheDir, { recursive: true })
    writeFileSync(tmp, state)
    renameSync(tmp, path)
  } catch {
    // No cache (a read-only folder, an anvil without the method): the next fresh start deploys again.
    rmSync(tmp, { force: true })
  }
  return 'deployed'
}

export class SnapshotRejectedError extends Error {
  override name = 'SnapshotRejectedError'
  constructor(path: string) {
    super(`the cached contracts snapshot ${path} did not load; deleted`)
  }
}
