CREATE TABLE "settlement_checks" (
	"day" date PRIMARY KEY NOT NULL,
	"checked_at" timestamp (3) with time zone NOT NULL
);
