CREATE TABLE "auth_sso_handshake" (
	"key" text PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"expires_at" timestamp with time zone NOT NULL
);
