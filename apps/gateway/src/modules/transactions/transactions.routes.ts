// The transaction routes (cgw-api §5.3–§5.7, §6.1): a Safe's history and queue, its lists, and transaction
// details, sharing one memoized decoder. The order of .route() is the order of /api-json.
import { OpenAPIHono } from '@hono/zod-openapi'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { DataDecoder } from '../dataDecoder/decodeData.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import { createTransactionDetailsRoutes } from './transactionDetails.routes.ts'
import { createTransactionHistoryRoutes } from './transactionHistory.routes.ts'
import { createTransactionListsRoutes } from './transactionLists.routes.ts'
import { createMapContexts } from './transactions.context.ts'
import type { TransactionsRepository } from './transactions.repository.ts'

export function createTransactionsRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  transactions: TransactionsRepository
  decoder: DataDecoder
}) {
  const { chains, safes, transactions } = deps
  const mapContexts = createMapContexts(transactions, deps.decoder)
  return new OpenAPIHono()
    .route('/', createTransactionHistoryRoutes({ chains, safes, transactions, mapContexts }))
    .route('/', createTransactionListsRoutes({ chains, safes, transactions, mapContexts }))
    .route('/', createTransactionDetailsRoutes({ chains, safes, transactions, mapContexts }))
}
