CREATE TABLE "bpm_read_record" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"task_id" text NOT NULL,
	"node_id" text NOT NULL,
	"task_name" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_read_record_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_read_record_task_user_idx" ON "bpm_read_record" USING btree ("tenant_id","task_id","user_id");--> statement-breakpoint
CREATE INDEX "bpm_read_record_instance_idx" ON "bpm_read_record" USING btree ("tenant_id","instance_id","read_at");