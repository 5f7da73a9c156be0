ALTER TABLE "auth_sso_handshake" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "auth_sso_handshake_address_idx" ON "auth_sso_handshake" USING btree ("address","expires_at");