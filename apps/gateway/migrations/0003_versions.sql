-- Safe versions: earlier indexes mis-decoded v1.3.0 events and skipped non-L2 executions, so the indexed
-- chain data is dropped here and rebuilt by the indexer from each chain's start block (token metadata stays).
DELETE FROM "indexer_cursors";--> statement-breakpoint
DELETE FROM "logs";--> statement-breakpoint
DELETE FROM "blocks";--> statement-breakpoint
DELETE FROM "safes";--> statement-breakpoint
DELETE FROM "safe_owners";--> statement-breakpoint
DELETE FROM "multisig_transactions";--> statement-breakpoint
DELETE FROM "module_transactions";--> statement-breakpoint
DELETE FROM "transfers";--> statement-breakpoint
DELETE FROM "history_items";--> statement-breakpoint
ALTER TABLE "module_transactions" ALTER COLUMN "to" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "module_transactions" ALTER COLUMN "value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "module_transactions" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "module_transactions" ALTER COLUMN "operation" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "to" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "operation" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "safe_tx_gas" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "base_gas" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "gas_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "gas_token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "refund_receiver" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "signatures" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ALTER COLUMN "executor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "indexer_cursors" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ADD COLUMN "owners" text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "multisig_transactions" ADD COLUMN "params_source" text;--> statement-breakpoint
ALTER TABLE "safes" ADD COLUMN "version" text;