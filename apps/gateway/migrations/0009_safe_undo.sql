-- Reorgs are undone from undo records of Safe state (safe_undo) instead of a replay of every kept log: a
-- backfill no longer stores each log beside the rows derived from it, and `logs` keeps only what no layout
-- decodes. An index built before keeps its logs table as it is; it has no undo records yet, so a reorg below
-- its current cursor starts the index over.
CREATE TABLE "safe_undo" (
	"chain_id" bigint NOT NULL,
	"block_number" bigint NOT NULL,
	"from_block" bigint NOT NULL,
	"address" text NOT NULL,
	"state" jsonb,
	CONSTRAINT "safe_undo_chain_id_block_number_address_pk" PRIMARY KEY("chain_id","block_number","address")
);
--> statement-breakpoint
ALTER TABLE "indexer_cursors" ADD COLUMN "undo_from" bigint DEFAULT -1 NOT NULL;--> statement-breakpoint
UPDATE "indexer_cursors" SET "undo_from" = "block_number";
