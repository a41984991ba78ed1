import { safeAbi } from '@concord/safe/contracts'
import { type Abi, parseAbi } from 'viem'

const erc20 = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
])

const erc721 = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function approve(address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
])

/** ABIs the contract-interaction form offers without pasting one. */
export const KNOWN_ABIS = [
  { id: 'erc20', label: 'ERC20 token', abi: erc20 },
  { id: 'erc721', label: 'ERC721 collection (NFT)', abi: erc721 },
  { id: 'safe', label: 'Safe (this Safe or another)', abi: safeAbi },
] as const satisfies readonly { id: string; label: string; abi: Abi }[]

export type KnownAbiId = (typeof KNOWN_ABIS)[number]['id']
