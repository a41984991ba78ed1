-- Log data as bytes rather than hex text: half the size, and the indexer's binary COPY sends the bytes as they
-- are instead of a text PostgreSQL checks (20,045 logs of a 10,000-execution backfill into in-memory PGlite:
-- 688 → 470 ms, medians of 3). Its statistics stay off (0007): nothing filters on it.
ALTER TABLE "logs" ALTER COLUMN "data" SET DATA TYPE bytea USING decode(substr("data", 3), 'hex');--> statement-breakpoint
ALTER TABLE "logs" ALTER COLUMN "data" SET STATISTICS 0;
