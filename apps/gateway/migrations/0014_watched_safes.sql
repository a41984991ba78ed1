-- The Safes a chain in watched mode indexes, and how far each one's history is read.
CREATE TABLE "watched_safes" (
	"chain_id" bigint NOT NULL,
	"address" text NOT NULL,
	"backfilled_to" bigint,
	"live" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watched_safes_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
