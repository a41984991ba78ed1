import {
  getAllowanceModuleDeployment,
  getDaimoP256VerifierDeployment,
  getSafeWebAuthnSignerFactoryDeployment,
} from '@safe-global/safe-modules-deployments'
import { describe, expect, it } from 'vitest'
import { chainAllowanceModule } from './allowanceModule.ts'
import { allowanceModuleDeployments, passkeyContracts, registryAllowanceModule } from './modules.ts'
import { chainPasskeyVerifiers } from './passkeys.ts'

describe('module addresses', () => {
  it('the AllowanceModule deployments are the ones safe-modules-deployments publishes', () => {
    expect(getAllowanceModuleDeployment({ version: '0.1.0' })?.networkAddresses['1']).toBe(
      allowanceModuleDeployments['0.1.0'],
    )
    expect(getAllowanceModuleDeployment({ version: '0.1.1' })?.networkAddresses['8453']).toBe(
      allowanceModuleDeployments['0.1.1'],
    )
  })

  it("a chain's spending-limit module: the gateway's, else the registry's for that chain (v0.1.0 on Ethereum)", () => {
    const chain = (chainId: number, allowanceModuleAddress?: string) => ({
      chainId: String(chainId),
      features: ['SPENDING_LIMIT'],
      contractAddresses: { allowanceModuleAddress },
    })
    expect(registryAllowanceModule(1)).toBe(allowanceModuleDeployments['0.1.0'])
    expect(registryAllowanceModule(8453)).toBe(allowanceModuleDeployments['0.1.1'])
    expect(registryAllowanceModule(31337)).toBeUndefined()
    expect(chainAllowanceModule(chain(1))).toBe(allowanceModuleDeployments['0.1.0'])
    expect(chainAllowanceModule(chain(8453))).toBe(allowanceModuleDeployments['0.1.1'])
    const own = '0x0000000000000000000000000000000000000a11'
    expect(chainAllowanceModule(chain(1, own))).toBe(own)
    expect(chainAllowanceModule({ ...chain(1), features: [] })).toBeUndefined()
  })

  it("a chain's passkey verifiers: RIP-7212 then Daimo where Safe publishes Daimo, the devnet's FCL verifier elsewhere", () => {
    const daimo = getDaimoP256VerifierDeployment({ version: '0.2.0' })?.networkAddresses['8453']
    expect(daimo).toBeDefined()
    expect(chainPasskeyVerifiers(8453)).toEqual({
      verifiers: (0x100n << 160n) | BigInt(daimo as string),
      fallback: daimo,
    })
    expect(chainPasskeyVerifiers(31337)).toEqual({
      verifiers: BigInt(passkeyContracts.fclP256Verifier),
      fallback: passkeyContracts.fclP256Verifier,
    })
  })

  it('the passkey signer factory is the published v0.2.0 deployment', () => {
    expect(getSafeWebAuthnSignerFactoryDeployment({ version: '0.2.0' })?.networkAddresses['11155111']).toBe(
      passkeyContracts.webAuthnSignerFactory,
    )
  })
})
