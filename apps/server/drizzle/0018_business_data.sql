CREATE TABLE "form_bo_def" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"def" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_bo_def_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_bo_modify_record" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"bo_alias" text NOT NULL,
	"ref_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_bo_modify_record_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_bo_row" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"bo_alias" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_bo_row_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_data_template" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"bo_alias" text NOT NULL,
	"form_key" text NOT NULL,
	"def" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_data_template_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_import_cache" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"template_alias" text NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_import_cache_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_import_log" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"template_alias" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"file_name" text NOT NULL,
	"total" integer NOT NULL,
	"succeeded" integer NOT NULL,
	"failed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_import_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_template_draft" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"template_alias" text NOT NULL,
	"user_id" text NOT NULL,
	"ref_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_template_draft_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "form_bo_def_alias_idx" ON "form_bo_def" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE INDEX "form_bo_modify_record_ref_idx" ON "form_bo_modify_record" USING btree ("tenant_id","ref_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_bo_row_list_idx" ON "form_bo_row" USING btree ("tenant_id","bo_alias","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "form_bo_row_data_idx" ON "form_bo_row" USING gin ("data" jsonb_path_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "form_data_template_alias_idx" ON "form_data_template" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE INDEX "form_import_cache_user_idx" ON "form_import_cache" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "form_import_log_template_idx" ON "form_import_log" USING btree ("tenant_id","template_alias","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_template_draft_user_idx" ON "form_template_draft" USING btree ("tenant_id","user_id","template_alias","updated_at" DESC NULLS LAST);