import {
  getAllowanceModuleDeployment,
  getSafeWebAuthnSignerFactoryDeployment,
} from '@safe-global/safe-modules-deployments'
import { describe, expect, it } from 'vitest'
import { allowanceModuleDeployments, passkeyContracts } from './modules.ts'

describe('module addresses', () => {
  it('the AllowanceModule deployments are the ones safe-modules-deployments publishes', () => {
    expect(getAllowanceModuleDeployment({ version: '0.1.0' })?.networkAddresses['1']).toBe(
      allowanceModuleDeployments['0.1.0'],
    )
    expect(getAllowanceModuleDeployment({ version: '0.1.1' })?.networkAddresses['8453']).toBe(
      allowanceModuleDeployments['0.1.1'],
    )
  })

  it('the passkey signer factory is the published v0.2.0 deployment', () => {
    expect(getSafeWebAuthnSignerFactoryDeployment({ version: '0.2.0' })?.networkAddresses['11155111']).toBe(
      passkeyContracts.webAuthnSignerFactory,
    )
  })
})
