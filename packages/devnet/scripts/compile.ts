// Compiles the demo contracts with solc-js and writes artifacts/DemoContracts.json (committed, so a normal
// install needs no compiler run). Run again after editing contracts/: `npm run compile -w @concord/devnet`.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const solc = require('solc') as { compile(input: string, opts: object): string; version(): string }
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const names = ['DemoToken', 'DemoCollectible', 'DemoRelayer'] as const

const input = {
  language: 'Solidity',
  sources: Object.fromEntries(
    names.map((n) => [`${n}.sol`, { content: readFileSync(join(root, 'contracts', `${n}.sol`), 'utf8') }]),
  ),
  settings: {
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
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
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as Output
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))

const artifacts = Object.fromEntries(
  names.map((n) => {
    const c = output.contracts[`${n}.sol`]?.[n]
    if (!c) throw new Error(`missing ${n}`)
    return [n, { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }]
  }),
)
writeFileSync(
  join(root, 'artifacts', 'DemoContracts.json'),
  `${JSON.stringify({ compiler: solc.version(), ...artifacts })}\n`,
)
console.log(`compiled ${names.join(', ')} with solc ${solc.version()}`)
