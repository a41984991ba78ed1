// Database schema, split by concern under ./schema/. Tables run unchanged on PGlite and PostgreSQL;
// `npm run db:generate -w @concord/gateway` turns edits into a new SQL migration under ./migrations.
export * from './schema/auth.ts'
export * from './schema/balances.ts'
export * from './schema/history.ts'
export * from './schema/indexer.ts'
export * from './schema/messages.ts'
export * from './schema/notifications.ts'
export * from './schema/proposals.ts'
export * from './schema/team.ts'
