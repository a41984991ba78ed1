CREATE TABLE "address_book_entries" (
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "address_book_entries_chain_id_safe_address_pk" PRIMARY KEY("chain_id","safe","address")
);
--> statement-breakpoint
CREATE TABLE "auth_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"chain_id" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_confirmations" (
	"chain_id" bigint NOT NULL,
	"message_hash" text NOT NULL,
	"owner" text NOT NULL,
	"signature" text NOT NULL,
	"signature_type" text NOT NULL,
	"submitted_at" bigint NOT NULL,
	CONSTRAINT "message_confirmations_chain_id_message_hash_owner_pk" PRIMARY KEY("chain_id","message_hash","owner")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"chain_id" bigint NOT NULL,
	"message_hash" text NOT NULL,
	"safe" text NOT NULL,
	"message" jsonb NOT NULL,
	"proposed_by" text NOT NULL,
	"safe_app_id" integer,
	"origin" text,
	"created_at" bigint NOT NULL,
	"modified_at" bigint NOT NULL,
	CONSTRAINT "messages_chain_id_message_hash_pk" PRIMARY KEY("chain_id","message_hash")
);
--> statement-breakpoint
CREATE TABLE "notification_devices" (
	"uuid" text PRIMARY KEY NOT NULL,
	"device_type" text NOT NULL,
	"cloud_messaging_token" text NOT NULL,
	"build_number" text NOT NULL,
	"bundle" text NOT NULL,
	"version" text NOT NULL,
	"created_at" bigint NOT NULL,
	"read_up_to" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"disabled_types" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "notification_preferences_chain_id_safe_pk" PRIMARY KEY("chain_id","safe")
);
--> statement-breakpoint
CREATE TABLE "notification_subscriptions" (
	"device_uuid" text NOT NULL,
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"signer" text,
	CONSTRAINT "notification_subscriptions_device_uuid_chain_id_safe_pk" PRIMARY KEY("device_uuid","chain_id","safe")
);
--> statement-breakpoint
CREATE TABLE "transaction_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain_id" bigint NOT NULL,
	"safe" text NOT NULL,
	"transaction_id" text NOT NULL,
	"author" text NOT NULL,
	"note" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_status_code" integer,
	"next_attempt_at" bigint NOT NULL,
	"delivered_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "messages_by_safe" ON "messages" USING btree ("chain_id","safe","created_at");--> statement-breakpoint
CREATE INDEX "notification_events_by_safe" ON "notification_events" USING btree ("chain_id","safe","id");--> statement-breakpoint
CREATE INDEX "notification_subscriptions_by_safe" ON "notification_subscriptions" USING btree ("chain_id","safe");--> statement-breakpoint
CREATE INDEX "transaction_notes_by_safe" ON "transaction_notes" USING btree ("chain_id","safe","transaction_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("status","next_attempt_at");