CREATE TABLE "staff_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"totp_secret" text,
	"totp_last_step" bigint,
	"credential_id" text,
	"public_key" text,
	"sign_count" bigint,
	"transports" text,
	"confirmed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	CONSTRAINT "staff_factors_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "staff_factors_kind_known" CHECK ("staff_factors"."kind" in ('totp', 'passkey')),
	CONSTRAINT "staff_factors_totp_whole" CHECK (("staff_factors"."kind" = 'totp') = ("staff_factors"."totp_secret" is not null)),
	CONSTRAINT "staff_factors_passkey_whole" CHECK (("staff_factors"."kind" = 'passkey') = ("staff_factors"."credential_id" is not null and "staff_factors"."public_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp (3) with time zone,
	CONSTRAINT "staff_recovery_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "staff_factors" ADD CONSTRAINT "staff_factors_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_factors_one_authenticator" ON "staff_factors" USING btree ("admin_id") WHERE "staff_factors"."kind" = 'totp';--> statement-breakpoint
CREATE INDEX "staff_factors_admin_idx" ON "staff_factors" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_admin_idx" ON "staff_recovery_codes" USING btree ("admin_id");