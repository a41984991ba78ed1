import { describe, expect, it } from 'vitest'
import { createDatabase } from '../db/createDatabase.ts'
import { nftMetadata, transfers } from '../db/schema.ts'
import { createMetadataStore } from './metadataStore.ts'

const A = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const B = '0x1234567890123456789012345678901234567890'
const NFT = '0x00000000000000000000000000000000000000aA'
const HASH = `0x${'ab'.repeat(32)}`
const received = (safe: string, blockNumber: number, tokenId: number) => ({
  chainId: 1,
  safe,
  blockNumber,
  logIndex: 0,
  txHash: HASH,
  timestamp: blockNumber,
  type: 'ERC721' as const,
  token: NFT,
  from: B,
  to: safe,
  value: null,
  tokenId: String(tokenId),
})

describe('nftsWithoutMetadata', () => {
  it("behavior: at most `perSafe` of each Safe's newest NFTs, every Safe's newest first; read ones drop out", async () => {
    const { db, close } = await createDatabase({ databaseUrl: 'pglite:memory' })
    try {
      // Safe A got an airdrop of 6 NFTs (ids 1-6, newest last); Safe B got one (id 100) before all of them.
      await db
        .insert(transfers)
        .values([...[1, 2, 3, 4, 5, 6].map((id) => received(A, 10 + id, id)), received(B, 5, 100)])
      const store = createMetadataStore(db, 1)
      const ids = async (limit: number) =>
        (await store.nftsWithoutMetadata(limit, 2)).map((n) => String(n.tokenId))
      // A's two newest (6, 5) and B's only one; each Safe's newest come first, so B is not behind A's airdrop.
      expect((await ids(10)).sort()).toEqual(['100', '5', '6'])
      expect((await ids(2)).sort()).toEqual(['100', '6'])
      await db.insert(nftMetadata).values({ chainId: 1, token: NFT, tokenId: '6', name: 'read' })
      // Once 6 is read, A's next newest (4) takes its place within the bound.
      expect((await ids(10)).sort()).toEqual(['100', '4', '5'])
    } finally {
      await close()
    }
  })
})
