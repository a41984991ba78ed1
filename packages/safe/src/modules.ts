// Addresses of the contracts beyond the Safe itself that Concord's features use: Multicall3, the Zodiac Delay
// modifier (recovery), the passkey signer factory and the AllowanceModule (spending limits). The canonical ones are
// checked against their registry packages in modules.test.ts, so the web app can import this file without them;
// only the per-chain lists of the AllowanceModule and the passkey module's Daimo verifier come from the registry
// (those modules' entries alone: the package's index would also pull the 4337 module's files into the web app).
import { getAllowanceModuleDeployment } from '@safe-global/safe-modules-deployments/dist/allowance-module.js'
import { getDaimoP256VerifierDeployment } from '@safe-global/safe-modules-deployments/dist/safe-passkey-module.js'
import type { Address } from 'viem'

/** Multicall3, deployed by the same presigned transaction on every chain (mds1/multicall). */
export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** The ERC-2470 singleton factory, through which Zodiac deploys its mastercopies (CREATE2). */
export const ERC2470_SINGLETON_FACTORY = '0xce0042B868300000d44A59004Da54A005ffdcf9f'

/** Zodiac's canonical mastercopies (the `@gnosis.pm/zodiac` package's addresses). */
export const zodiacContracts = {
  /** Delay modifier v1.0.1: transactions queued by its modules run after a cooldown, unless skipped. */
  delayMastercopy: '0xd54895B1121A2eE3f37b502F507631FA1331BED6',
  /** ModuleProxyFactory v1.2.0: deploys a minimal proxy of a mastercopy and calls its setUp. */
  moduleProxyFactory: '0x000000000000aDdB49795b0f9bA5BC298cDda236',
} as const

/**
 * The passkey module (`@safe-global/safe-passkey` v0.2.0): the signer factory at its canonical address, and the
 * FreshCryptoLib P-256 verifier the package ships (deterministic: CREATE2 with salt 0 through the deterministic
 * deployment proxy; not one of the published deployments, which use Daimo's verifier or the RIP-7212 precompile).
 */
export const passkeyContracts = {
  webAuthnSignerFactory: '0xF7488fFbe67327ac9f37D5F722d83Fc900852Fbf',
  fclP256Verifier: '0x445a0683e494ea0c5AF3E83c5159fBE47Cf9e765',
} as const

/**
 * The AllowanceModule's canonical deployments (`@safe-global/safe-modules-deployments`): v0.1.1 on most chains,
 * v0.1.0 where it came first (Ethereum among them). A chain may name its own in its config.
 */
export const allowanceModuleDeployments = {
  '0.1.0': '0xCFbFaC74C26F8647cBDb8c5caf80BB5b32E43134',
  '0.1.1': '0xAA46724893dedD72658219405185Fb0Fc91e091C',
} as const

/**
 * The AllowanceModule the registry lists for a chain: its newest deployment there (v0.1.1 on most chains, v0.1.0
 * on Ethereum; Polygon's v0.1.0 sits at its own address), or undefined where none is published.
 */
export function registryAllowanceModule(chainId: number): Address | undefined {
  const network = String(chainId)
  return getAllowanceModuleDeployment({ network })?.networkAddresses[network] as Address | undefined
}

/** The passkey module's Daimo P-256 verifier where the registry publishes it for the chain (v0.2.0). */
export function registryDaimoVerifier(chainId: number): Address | undefined {
  const network = String(chainId)
  return getDaimoP256VerifierDeployment({ network, version: '0.2.0' })?.networkAddresses[network] as
    | Address
    | undefined
}
