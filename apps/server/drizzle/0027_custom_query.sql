CREATE TABLE "form_custom_chart" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"def" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_custom_chart_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_custom_dialog" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"def" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_custom_dialog_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_custom_query" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"def" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_custom_query_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "form_custom_chart_alias_idx" ON "form_custom_chart" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "form_custom_dialog_alias_idx" ON "form_custom_dialog" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "form_custom_query_alias_idx" ON "form_custom_query" USING btree ("tenant_id","alias");