-- Transfers, module transactions and history are derived from blocks indexed before this migration too:
-- forget the old index so the indexer rebuilds everything from the start block.
DELETE FROM "indexer_cursors";--> statement-breakpoint
DELETE FROM "logs";--> statement-breakpoint
DELETE FROM "blocks";--> statement-breakpoint
DELETE FROM "multisig_transactions";--> statement-breakpoint
DELETE FROM "safe_owners";--> statement-breakpoint
DELETE FROM "safes";--> statement-breakpoint
CREATE TABLE "history_items" (
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"kind" text NOT NULL,
	"timestamp" bigint NOT NULL,
	CONSTRAINT "history_items_chain_id_safe_block_number_log_index_pk" PRIMARY KEY("chain_id","safe","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "module_transactions" (
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"module" text NOT NULL,
	"to" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"data" text NOT NULL,
	"operation" integer NOT NULL,
	"success" boolean NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"timestamp" bigint NOT NULL,
	CONSTRAINT "module_transactions_chain_id_safe_block_number_log_index_pk" PRIMARY KEY("chain_id","safe","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "nft_metadata" (
	"chain_id" bigint NOT NULL,
	"token" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"uri" text,
	"name" text,
	"description" text,
	"image_uri" text,
	"metadata" jsonb,
	"error" text,
	CONSTRAINT "nft_metadata_chain_id_token_token_id_pk" PRIMARY KEY("chain_id","token","token_id")
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"chain_id" bigint NOT NULL,
	"address" text NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"symbol" text,
	"decimals" integer,
	"logo_uri" text,
	"invalid" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tokens_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"type" text NOT NULL,
	"token" text,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"value" numeric(78, 0),
	"token_id" numeric(78, 0),
	CONSTRAINT "transfers_chain_id_safe_block_number_log_index_pk" PRIMARY KEY("chain_id","safe","block_number","log_index")
);
--> statement-breakpoint
ALTER TABLE "multisig_transactions" ADD COLUMN "threshold" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "safes" ADD COLUMN "salt_nonce" numeric(78, 0);--> statement-breakpoint
CREATE INDEX "transfers_by_token" ON "transfers" USING btree ("chain_id","safe","type","token");