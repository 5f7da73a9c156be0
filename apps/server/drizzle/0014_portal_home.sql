CREATE TABLE "sys_index_column" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"data_mode" text NOT NULL,
	"data_from" text NOT NULL,
	"request_type" text DEFAULT 'GET' NOT NULL,
	"data_param" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_header" text,
	"template_html" text,
	"more_url" text,
	"col_height" integer DEFAULT 5 NOT NULL,
	"refresh_seconds" integer,
	"audience" text DEFAULT 'all' NOT NULL,
	"audience_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_index_column_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_index_layout" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"memo" text,
	"scope" text NOT NULL,
	"scope_id" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_index_layout_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_app" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"kind" text NOT NULL,
	"layout_alias" text,
	"url" text,
	"audience" text DEFAULT 'all' NOT NULL,
	"audience_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_app_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_index_user_layout" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"layout_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"hidden" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_index_user_layout_tenant_id_user_id_layout_id_pk" PRIMARY KEY("tenant_id","user_id","layout_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_index_column_alias_idx" ON "sys_index_column" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_index_layout_alias_idx" ON "sys_index_layout" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_index_layout_scope_idx" ON "sys_index_layout" USING btree ("tenant_id","scope",coalesce("scope_id", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "sys_app_alias_idx" ON "sys_app" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE INDEX "sys_index_user_layout_layout_idx" ON "sys_index_user_layout" USING btree ("tenant_id","layout_id");