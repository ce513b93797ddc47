ALTER TABLE "sessions" ADD COLUMN "last_active_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "idle_seconds" integer;--> statement-breakpoint
UPDATE "sessions" SET "idle_seconds" = 900 WHERE "kind" = 'admin';
