CREATE TABLE "blocks" (
	"chain_id" bigint NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"timestamp" bigint NOT NULL,
	CONSTRAINT "blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "indexer_cursors" (
	"chain_id" bigint PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"genesis_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"chain_id" bigint NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"address" text NOT NULL,
	"topics" text[] NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "logs_chain_id_block_number_log_index_pk" PRIMARY KEY("chain_id","block_number","log_index")
);
--> statement-breakpoint
CREATE TABLE "multisig_transactions" (
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"safe_tx_hash" text NOT NULL,
	"nonce" bigint NOT NULL,
	"to" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"data" text NOT NULL,
	"operation" integer NOT NULL,
	"safe_tx_gas" numeric(78, 0) NOT NULL,
	"base_gas" numeric(78, 0) NOT NULL,
	"gas_price" numeric(78, 0) NOT NULL,
	"gas_token" text NOT NULL,
	"refund_receiver" text NOT NULL,
	"signatures" text NOT NULL,
	"executor" text NOT NULL,
	"success" boolean NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"timestamp" bigint NOT NULL,
	CONSTRAINT "multisig_transactions_chain_id_safe_safe_tx_hash_pk" PRIMARY KEY("chain_id","safe","safe_tx_hash")
);
--> statement-breakpoint
CREATE TABLE "safe_owners" (
	"chain_id" bigint NOT NULL,
	"owner" text NOT NULL,
	"safe" text NOT NULL,
	CONSTRAINT "safe_owners_chain_id_owner_safe_pk" PRIMARY KEY("chain_id","owner","safe")
);
--> statement-breakpoint
CREATE TABLE "safes" (
	"chain_id" bigint NOT NULL,
	"address" text NOT NULL,
	"owners" text[] NOT NULL,
	"threshold" integer NOT NULL,
	"nonce" bigint NOT NULL,
	"modules" text[] NOT NULL,
	"guard" text,
	"fallback_handler" text,
	"implementation" text NOT NULL,
	"creator" text,
	"factory" text,
	"creation_tx_hash" text NOT NULL,
	"creation_block" bigint NOT NULL,
	"updated_block" bigint NOT NULL,
	CONSTRAINT "safes_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE INDEX "logs_address" ON "logs" USING btree ("chain_id","address");--> statement-breakpoint
CREATE INDEX "multisig_by_safe" ON "multisig_transactions" USING btree ("chain_id","safe","block_number","log_index");