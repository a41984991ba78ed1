-- No planner statistics for columns no query filters, joins or sorts on (see 0007): ANALYZE after a backfill
-- sorted every execution's hash and gas figures (numerics compare slowly) for nothing. Executions keep theirs on
-- the Safe, nonce, block, timestamp, `to` and value (the list filters); history items on Safe and position.
ALTER TABLE "multisig_transactions" ALTER COLUMN "safe_tx_hash" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "operation" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "safe_tx_gas" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "base_gas" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "gas_price" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "threshold" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "params_source" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "success" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "log_index" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "history_items" ALTER COLUMN "kind" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "history_items" ALTER COLUMN "log_index" SET STATISTICS 0;
