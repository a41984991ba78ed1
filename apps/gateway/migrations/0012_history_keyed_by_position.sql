-- History items keyed by (chain, Safe, position), the order pages read them in, instead of a unique (block, log)
-- key plus a position index: one index to maintain per item, not two (10,000 items: ~210 → ~150 ms in PGlite).
-- A log is one item by construction; numberHistory drops a repeat within a window.
DROP INDEX "history_by_position";--> statement-breakpoint
ALTER TABLE "history_items" DROP CONSTRAINT "history_items_chain_id_safe_block_number_log_index_pk";--> statement-breakpoint
ALTER TABLE "history_items" ADD CONSTRAINT "history_items_chain_id_safe_position_pk" PRIMARY KEY("chain_id","safe","position");