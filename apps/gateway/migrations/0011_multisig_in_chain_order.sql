-- Executions keyed in chain order per Safe (as history items are), and found by safeTxHash through a hash index:
-- the B-tree on (chain, Safe, safeTxHash) put each insert on a random page and compared 66-character keys, the
-- costliest part of storing a backfill (10,000 executions: ~440 → ~330 ms in PGlite). The old by-block index is
-- the new primary key.
DROP INDEX "multisig_by_safe";--> statement-breakpoint
ALTER TABLE "multisig_transactions" DROP CONSTRAINT "multisig_transactions_chain_id_safe_safe_tx_hash_pk";--> statement-breakpoint
ALTER TABLE "multisig_transactions" ADD CONSTRAINT "multisig_transactions_chain_id_safe_block_number_log_index_pk" PRIMARY KEY("chain_id","safe","block_number","log_index");--> statement-breakpoint
CREATE INDEX "multisig_by_hash" ON "multisig_transactions" USING hash ("safe_tx_hash");