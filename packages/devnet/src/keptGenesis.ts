// anvil keeps every block it held by hash, and saves them all. A chain loaded over the one anvil makes at start
// (a kept chain's state file, a cached contracts snapshot) holds two blocks 0: that start's own and the loaded
// one. Both are saved, and the next start takes whichever it reads last, so the chain's genesis hash changed at
// random between restarts (and an indexer that checks it forgot its index). The chain's real genesis is the
// oldest: every other was made by a later start. The state file is rewritten with only that one.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'

type SavedBlock = { header?: { number?: string; timestamp?: string } }

/** Drops all but the oldest block 0 from anvil's state file; true when it rewrote the file. */
export function keepOldestGenesis(statePath: string): boolean {
  if (!existsSync(statePath)) return false
  const state = JSON.parse(readFileSync(statePath, 'utf8')) as { blocks?: SavedBlock[] }
  if (!Array.isArray(state.blocks)) return false
  const isGenesis = (b: SavedBlock) => b.header?.number !== undefined && BigInt(b.header.number) === 0n
  const geneses = state.blocks.filter(isGenesis)
  if (geneses.length < 2) return false
  const time = (b: SavedBlock) => BigInt(b.header?.timestamp ?? 0)
  const oldest = geneses.reduce((a, b) => (time(b) < time(a) ? b : a))
  state.blocks = state.blocks.filter((b) => !isGenesis(b) || b === oldest)
  writeFileSync(`${statePath}.tmp`, JSON.stringify(state))
  renameSync(`${statePath}.tmp`, statePath)
  return true
}
