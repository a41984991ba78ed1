// Safe contract ABIs (the parts Concord calls or indexes) and the canonical v1.4.1 and v1.3.0 addresses.
// Addresses are checked against @safe-global/safe-deployments in contracts.test.ts, so this file can stay
// free of that (large) package and be imported by the web app too.
import { parseAbi } from 'viem'

export const SAFE_VERSION = '1.4.1'

/** Canonical (CREATE2 via the singleton factory) addresses of the Safe v1.4.1 contracts. */
export const safeV141 = {
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safe: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  signMessageLib: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9',
  createCall: '0x9b35Af71d77eaf8d7e40252370304687390A1A52',
  simulateTxAccessor: '0x3d4BA2E0884aa488718476ca2FB8Efc291A46199',
} as const

export type SafeContractName = keyof typeof safeV141

/**
 * Canonical addresses of the Safe v1.3.0 contracts (CREATE2 with salt 0 through the deterministic deployment
 * proxy). v1.3.0 also has an "eip155" set deployed through the singleton factory; these are the canonical ones.
 */
export const safeV130 = {
  safeL2: '0x3E5c63644E683549055b9Be8653de26E0B4CD36E',
  safe: '0xd9Db270c1B5E3Bd161E8c8503c55cEABeE709552',
  safeProxyFactory: '0xa6B71E26C5e0845f74c812102Ca7114b6a896AB2',
  compatibilityFallbackHandler: '0xf48f2B2d2a534e402487b3ee7C18c33Aec0Fe5e4',
  multiSend: '0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761',
  multiSendCallOnly: '0x40A2aCCbd92BCA938b02010E17A5b8929b49130D',
  signMessageLib: '0xA65387F16B013cf2Af4605Ad8aA5ec25a2cbA3a2',
  createCall: '0x7cbB62EaA69F79e6873cD1ecB2392971036cFAa4',
  simulateTxAccessor: '0x59AD6735bCd8152B84860Cb256dD9e96b85F69Da',
} as const satisfies Record<SafeContractName, string>

/** Safe versions whose contracts Concord knows by address, with their canonical addresses. */
export const safeContracts = { '1.4.1': safeV141, '1.3.0': safeV130 } as const

export type SafeVersion = keyof typeof safeContracts

/**
 * Canonical addresses of the v1.4.1 migration contracts, which a Safe runs by DELEGATECALL to change its own
 * singleton: SafeMigration moves a Safe (1.3.0 or later) to the v1.4.1 Safe or SafeL2 (optionally with the
 * v1.4.1 CompatibilityFallbackHandler, its constructor arguments); SafeToL2Migration moves a fresh Safe to L2.
 */
export const safeMigrationsV141 = {
  safeMigration: '0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6',
  safeToL2Migration: '0xfF83F6335d8930cBad1c0D439A841f01888D9f69',
} as const

export type MigrationContractName = keyof typeof safeMigrationsV141

/**
 * The contracts a Safe may DELEGATECALL without a second thought, by address, for code that cannot load
 * @safe-global/safe-deployments (the web app): the libraries (MultiSend, MultiSendCallOnly, SignMessageLib) and
 * the migration contracts of every supported version, canonical and other deployments. The same list as
 * versions.ts trustedDelegateCallTargets() builds from safe-deployments (versions.test.ts checks it).
 */
export const TRUSTED_DELEGATE_CALL_TARGETS: Readonly<Record<string, string>> = {
  '0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761': 'MultiSend',
  '0x998739BFdAAdde7C933B942a68053933098f9EDa': 'MultiSend',
  '0x0dFcccB95225ffB03c6FBB2559B530C2B7C8A912': 'MultiSend',
  '0x40A2aCCbd92BCA938b02010E17A5b8929b49130D': 'MultiSendCallOnly',
  '0xA1dabEF33b3B82c7814B6D82A79e50F4AC44102B': 'MultiSendCallOnly',
  '0xf220D3b4DFb23C4ade8C88E526C1353AbAcbC38F': 'MultiSendCallOnly',
  '0xA65387F16B013cf2Af4605Ad8aA5ec25a2cbA3a2': 'SignMessageLib',
  '0x98FFBBF51bb33A056B08ddf711f289936AafF717': 'SignMessageLib',
  '0x357147caf9C0cCa67DfA0CF5369318d8193c8407': 'SignMessageLib',
  '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526': 'MultiSend',
  '0x309D0B190FeCCa8e1D5D8309a16F7e3CB133E885': 'MultiSend',
  '0x9641d764fc13c8B624c04430C7356C1C7C8102e2': 'MultiSendCallOnly',
  '0x0408EF011960d02349d50286D20531229BCef773': 'MultiSendCallOnly',
  '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9': 'SignMessageLib',
  '0xAca1ec0a1A575CDCCF1DC3d5d296202Eb6061888': 'SignMessageLib',
  '0x526643F69b81B008F46d95CD5ced5eC0edFFDaC6': 'SafeMigration',
  '0x817756C6c555A94BCEE39eB5a102AbC1678b09A7': 'SafeMigration',
  '0xfF83F6335d8930cBad1c0D439A841f01888D9f69': 'SafeToL2Migration',
  '0xa26620d1f8f1a2433F0D25027F141aaCAFB3E590': 'SafeToL2Migration',
  '0x218543288004CD07832472D464648173c77D7eB7': 'MultiSend',
  '0xA83c336B20401Af773B6219BA5027174338D1836': 'MultiSendCallOnly',
  '0x4FfeF8222648872B3dE295Ba1e49110E61f5b5aa': 'SignMessageLib',
  '0x6439e7ABD8Bb915A5263094784C5CF561c4172AC': 'SafeMigration',
}

/**
 * Runtime code hash of the canonical v1.4.1 SafeMigration (its immutables: the v1.4.1 singletons and handler), so
 * a browser can prove a chain holds it before offering the update. Checked against safe-deployments in the test.
 */
export const SAFE_MIGRATION_V141_CODE_HASH =
  '0xc00d7921460cd5a05393e7772e634bd7d212f356356aa3a77f0120a9b8e25e99'

/** Deterministic deployment proxy ("singleton factory") every canonical v1.4.1 address is derived from. */
export const SINGLETON_FACTORY = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'

/** Deterministic deployment proxy (Arachnid's CREATE2 deployer) the canonical v1.3.0 addresses come from. */
export const DETERMINISTIC_DEPLOYMENT_PROXY = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

export const safeAbi = parseAbi([
  'function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address _refundReceiver, uint256 _nonce) view returns (bytes32)',
  'function nonce() view returns (uint256)',
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function isOwner(address owner) view returns (bool)',
  'function VERSION() view returns (string)',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
  'function changeThreshold(uint256 _threshold)',
  'function enableModule(address module)',
  'function disableModule(address prevModule, address module)',
  'function setGuard(address guard)',
  'function setFallbackHandler(address handler)',
  'function approveHash(bytes32 hashToApprove)',
  'function execTransactionFromModule(address to, uint256 value, bytes data, uint8 operation) returns (bool success)',
  // SafeL2 / Safe events
  'event SafeSetup(address indexed initiator, address[] owners, uint256 threshold, address initializer, address fallbackHandler)',
  'event SafeMultiSigTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures, bytes additionalInfo)',
  'event SafeModuleTransaction(address module, address to, uint256 value, bytes data, uint8 operation)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFromModuleSuccess(address indexed module)',
  'event ExecutionFromModuleFailure(address indexed module)',
  'event AddedOwner(address indexed owner)',
  'event RemovedOwner(address indexed owner)',
  'event ChangedThreshold(uint256 threshold)',
  'event EnabledModule(address indexed module)',
  'event DisabledModule(address indexed module)',
  'event ChangedGuard(address indexed guard)',
  'event ChangedFallbackHandler(address indexed handler)',
  'event ApproveHash(bytes32 indexed approvedHash, address indexed owner)',
  'event SignMsg(bytes32 indexed msgHash)',
  'event SafeReceived(address indexed sender, uint256 value)',
  'event ChangedMasterCopy(address singleton)',
])

export const safeProxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function proxyCreationCode() pure returns (bytes)',
  'event ProxyCreation(address indexed proxy, address singleton)',
])

/** The v1.3.0 GnosisSafeProxyFactory: same functions, but ProxyCreation's `proxy` is not indexed. */
export const safeProxyFactoryV130Abi = parseAbi([
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'function proxyCreationCode() pure returns (bytes)',
  'event ProxyCreation(address proxy, address singleton)',
])

/** SafeMigration (v1.4.1 and later): every function only works by DELEGATECALL from a Safe. */
export const safeMigrationAbi = parseAbi([
  'function migrateSingleton()',
  'function migrateWithFallbackHandler()',
  'function migrateL2Singleton()',
  'function migrateL2WithFallbackHandler()',
  'function SAFE_SINGLETON() view returns (address)',
  'function SAFE_L2_SINGLETON() view returns (address)',
  'function SAFE_FALLBACK_HANDLER() view returns (address)',
  'event ChangedMasterCopy(address singleton)',
])

/** SafeToL2Migration (v1.4.1): moves a Safe that has not executed anything yet to an L2 singleton. */
export const safeToL2MigrationAbi = parseAbi([
  'function migrateToL2(address l2Singleton)',
  'function migrateFromV111(address l2Singleton, address fallbackHandler)',
])

export const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable'])

export const erc20Abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address owner) view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
])

export const erc721Abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
])
