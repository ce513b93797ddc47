CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"order_id" text,
	"amount_cents" integer,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"response_code" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway_retref" text,
	"message" text,
	"actor" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "money_operations_amount_positive" CHECK ("money_operations"."amount_cents" > 0),
	CONSTRAINT "money_operations_kind_known" CHECK ("money_operations"."kind" in ('capture', 'void', 'refund')),
	CONSTRAINT "money_operations_status_known" CHECK ("money_operations"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_status_authorized_idx";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "authorized_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "money_operations" ADD CONSTRAINT "money_operations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "money_operations_one_capture_or_void" ON "money_operations" USING btree ("payment_id") WHERE "money_operations"."kind" in ('capture', 'void') and "money_operations"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "money_operations_gateway_retref" ON "money_operations" USING btree ("gateway_retref");--> statement-breakpoint
CREATE UNIQUE INDEX "money_operations_idempotency_key" ON "money_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "money_operations_payment_idx" ON "money_operations" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "money_operations_history_idx" ON "money_operations" USING btree ("kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "money_operations_pending_idx" ON "money_operations" USING btree ("status") WHERE "money_operations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "payments_awaiting_capture_idx" ON "payments" USING btree ("authorized_at","id") WHERE "payments"."capture_status" = 'authorized';--> statement-breakpoint
CREATE INDEX "payments_history_idx" ON "payments" USING btree ("created_at","id");