CREATE TABLE "sys_file_rendition" (
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_file_rendition_tenant_id_file_id_kind_pk" PRIMARY KEY("tenant_id","file_id","kind")
);
--> statement-breakpoint
ALTER TABLE "sys_file" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "sys_file" ADD COLUMN "description" text;--> statement-breakpoint
CREATE INDEX "sys_file_created_idx" ON "sys_file" USING btree ("created_at");