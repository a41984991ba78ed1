export { TEST_MNEMONIC, testAccount } from './accounts.ts'
export {
  createDevnetClient,
  type DevnetClient,
  type DevnetEngine,
  devnetChain,
  SECOND_DEVNET_CHAIN_ID,
} from './client.ts'
export { type DemoAssets, demoTokenInfo } from './deploy/demoAssets.ts'
export { CodeHashMismatchError, devnetSafeVersions, verifyCodeHash } from './deploy/safeContracts.ts'
export { findAnvil } from './engines/anvil.ts'
export {
  type CreateSafeParameters,
  createSafe,
  createSafeWithHash,
  type ExecSafeTxParameters,
  encodeMultiSend,
  execSafeTx,
  execSafeTxWithHash,
  type MultiSendCall,
  relayerAbi,
  type SafeTxExecution,
  type SendExecTransactionParameters,
  sendExecTransaction,
} from './safeActions.ts'
export { DEMO_SAFE_NAMES, type DemoExecution, type DemoSafe, type DemoScenario } from './scenario/demo.ts'
export { type MultichainDemo, TREASURY_CREATION } from './scenario/multichainDemo.ts'
export { type Devnet, type StartDevnetOptions, startDevnet } from './startDevnet.ts'
export { type SecondDevnet, startSecondDevnet } from './startSecondDevnet.ts'
