CREATE TABLE "chains" (
	"chain_id" bigint PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
