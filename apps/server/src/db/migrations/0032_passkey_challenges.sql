CREATE TABLE "webauthn_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"admin_id" uuid,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "webauthn_challenges_purpose_known" CHECK ("webauthn_challenges"."purpose" in ('register', 'sign-in', 'step-up')),
	CONSTRAINT "webauthn_challenges_person_when_theirs" CHECK (("webauthn_challenges"."purpose" = 'sign-in') = ("webauthn_challenges"."admin_id" is null))
);
--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" USING btree ("expires_at");