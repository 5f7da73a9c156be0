CREATE TABLE "auth_used_password_ciphertext" (
	"digest" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_used_password_ciphertext_expires_idx" ON "auth_used_password_ciphertext" USING btree ("expires_at");