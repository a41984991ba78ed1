// solc-js with the settings every Concord contract is built with (contracts/*.sol, OpenZeppelin imports from
// node_modules). Shared by compile.ts and the test that checks the committed simulator code is up to date.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const solc = require('solc') as { compile(input: string, opts: object): string; version(): string }
export const devnetRoot = join(dirname(fileURLToPath(import.meta.url)), '..')

export type CompiledContract = {
  abi: unknown[]
  /** Creation code. */
  bytecode: `0x${string}`
  /** Runtime code (what a state override places at an address). */
  deployedBytecode: `0x${string}`
}

const findImports = (path: string) => {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}

type Output = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >
}

/** Compiles `contracts/<name>.sol` for each name (the contract is named like its file). */
export function compileContracts<const N extends string>(names: readonly N[]): Record<N, CompiledContract> {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      names.map((n) => [
        `${n}.sol`,
        { content: readFileSync(join(devnetRoot, 'contracts', `${n}.sol`), 'utf8') },
      ]),
    ),
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as Output
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  return Object.fromEntries(
    names.map((n) => {
      const c = output.contracts[`${n}.sol`]?.[n]
      if (!c) throw new Error(`missing ${n}`)
      const compiled: CompiledContract = {
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      }
      return [n, compiled]
    }),
  ) as Record<N, CompiledContract>
}

export const solcVersion = () => solc.version()
