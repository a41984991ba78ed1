CREATE TABLE "confirmations" (
	"chain_id" bigint NOT NULL,
	"safe_tx_hash" text NOT NULL,
	"owner" text NOT NULL,
	"signature" text NOT NULL,
	"signature_type" text NOT NULL,
	"submitted_at" bigint NOT NULL,
	CONSTRAINT "confirmations_chain_id_safe_tx_hash_owner_pk" PRIMARY KEY("chain_id","safe_tx_hash","owner")
);
--> statement-breakpoint
CREATE TABLE "delegates" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"safe" text,
	"delegate" text NOT NULL,
	"delegator" text NOT NULL,
	"label" text NOT NULL,
	"expires_at" bigint
);
--> statement-breakpoint
CREATE TABLE "proposals" (
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
	"proposer" text NOT NULL,
	"proposed_by_delegate" text,
	"origin" text,
	"trusted" boolean NOT NULL,
	"submitted_at" bigint NOT NULL,
	CONSTRAINT "proposals_chain_id_safe_tx_hash_pk" PRIMARY KEY("chain_id","safe_tx_hash")
);
--> statement-breakpoint
CREATE INDEX "delegates_by_delegate" ON "delegates" USING btree ("chain_id","delegate");--> statement-breakpoint
CREATE INDEX "proposals_by_safe" ON "proposals" USING btree ("chain_id","safe","nonce");