CREATE TABLE "sign_grant" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"seal_id" text,
	"file_id" text NOT NULL,
	"password_checked" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"instance_id" text,
	"task_id" text,
	"node_id" text,
	"form_key" text,
	"field" text,
	CONSTRAINT "sign_grant_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sign_profile" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"signature_file_id" text,
	"password_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_profile_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sign_seal" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"file_id" text NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"leader_org_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_seal_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "sign_grant_user_idx" ON "sign_grant" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_grant_seal_idx" ON "sign_grant" USING btree ("tenant_id","seal_id");