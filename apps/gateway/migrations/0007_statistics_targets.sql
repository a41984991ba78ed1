-- No planner statistics for wide columns no query filters or joins on: ANALYZE (run after each backfill)
-- otherwise samples and sorts every log's data and topics and every execution's calldata and signatures
-- (~300 ms of a 10,000-execution backfill).
ALTER TABLE "logs" ALTER COLUMN "tx_hash" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "logs" ALTER COLUMN "topics" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "logs" ALTER COLUMN "data" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "data" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "signatures" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "owners" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "tx_hash" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "gas_token" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "refund_receiver" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "executor" SET STATISTICS 0;
