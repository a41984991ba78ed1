-- The last balance read of each token a Safe holds, shown (marked stale) when a later read fails.
CREATE TABLE "last_balances" (
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"token" text NOT NULL,
	"balance" text NOT NULL,
	"read_at" bigint NOT NULL,
	CONSTRAINT "last_balances_chain_id_safe_token_pk" PRIMARY KEY("chain_id","safe","token")
);
