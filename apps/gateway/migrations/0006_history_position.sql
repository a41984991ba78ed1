-- Existing history gets its positions in chain order before the column becomes NOT NULL (edited by hand:
-- drizzle-kit generates the ADD COLUMN … NOT NULL alone, which fails on a non-empty table).
ALTER TABLE "history_items" ADD COLUMN "position" integer;--> statement-breakpoint
UPDATE "history_items" AS h SET "position" = p."position" FROM (
	SELECT "chain_id", "safe", "block_number", "log_index",
		row_number() OVER (PARTITION BY "chain_id", "safe" ORDER BY "block_number", "log_index") AS "position"
	FROM "history_items"
) AS p
WHERE h."chain_id" = p."chain_id" AND h."safe" = p."safe" AND h."block_number" = p."block_number" AND h."log_index" = p."log_index";--> statement-breakpoint
ALTER TABLE "history_items" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "history_by_position" ON "history_items" USING btree ("chain_id","safe","position");
