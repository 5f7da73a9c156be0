CREATE TABLE "bpm_form" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"form_key" text NOT NULL,
	"name" text NOT NULL,
	"schema" jsonb NOT NULL,
	"ui_schema" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_form_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_notice" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"task_id" text,
	"node_id" text,
	"subject" text NOT NULL,
	"def_key" text NOT NULL,
	"def_name" text NOT NULL,
	"sender_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"receiver_id" text NOT NULL,
	"receiver_name" text NOT NULL,
	"opinion" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_notice_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_print_record" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_print_record_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_service_call" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"token_id" text NOT NULL,
	"node_id" text NOT NULL,
	"status" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_service_call_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_task_follow" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"node_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_task_follow_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_urgent" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"urgent_state_value" text NOT NULL,
	"opinion" text,
	"receivers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_urgent_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_approval_item" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text,
	"def_key" text,
	"type_id" text,
	"expression" text NOT NULL,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_approval_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_common_flow" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"def_key" text NOT NULL,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_common_flow_tenant_id_user_id_def_key_pk" PRIMARY KEY("tenant_id","user_id","def_key")
);
--> statement-breakpoint
CREATE TABLE "bpm_agent" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"principal_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"flow_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_agent_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_collect" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_collect_tenant_id_user_id_target_type_target_id_pk" PRIMARY KEY("tenant_id","user_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "bpm_often_flow" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"def_key" text NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_often_flow_tenant_id_user_id_def_key_pk" PRIMARY KEY("tenant_id","user_id","def_key")
);
--> statement-breakpoint
CREATE TABLE "sys_scheduled_job" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_short_url" (
	"tenant_id" text NOT NULL,
	"code" text NOT NULL,
	"long_url" text NOT NULL,
	"guest" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "sys_short_url_code_pk" PRIMARY KEY("code")
);
--> statement-breakpoint
CREATE TABLE "sys_type" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"type_key" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_type_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "vars" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "business_key" text;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "flow_type" text;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "parent_instance_id" text;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "parent_node_id" text;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "parent_token_id" text;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bpm_opinion" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bpm_opinion" ADD COLUMN "task_type" text;--> statement-breakpoint
ALTER TABLE "bpm_opinion" ADD COLUMN "principal_id" text;--> statement-breakpoint
ALTER TABLE "bpm_opinion" ADD COLUMN "principal_name" text;--> statement-breakpoint
ALTER TABLE "bpm_opinion" ADD COLUMN "is_read" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bpm_task_candidate" ADD COLUMN "principal_id" text;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "type" text DEFAULT 'NORMAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "parent_task_id" text;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "is_read" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "urgent_state_value" text;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "draft_data" jsonb;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "draft_opinion" text;--> statement-breakpoint
ALTER TABLE "bpm_token" ADD COLUMN "sequence" jsonb;--> statement-breakpoint
ALTER TABLE "inner_message" ADD COLUMN "type" text DEFAULT 'task' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_form_key_idx" ON "bpm_form" USING btree ("tenant_id","form_key");--> statement-breakpoint
CREATE INDEX "bpm_notice_receiver_idx" ON "bpm_notice" USING btree ("tenant_id","receiver_id","is_read","created_at");--> statement-breakpoint
CREATE INDEX "bpm_notice_sender_idx" ON "bpm_notice" USING btree ("tenant_id","sender_id","created_at");--> statement-breakpoint
CREATE INDEX "bpm_notice_instance_idx" ON "bpm_notice" USING btree ("tenant_id","instance_id");--> statement-breakpoint
CREATE INDEX "bpm_print_record_instance_idx" ON "bpm_print_record" USING btree ("tenant_id","instance_id","created_at");--> statement-breakpoint
CREATE INDEX "bpm_service_call_instance_idx" ON "bpm_service_call" USING btree ("tenant_id","instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_task_follow_user_idx" ON "bpm_task_follow" USING btree ("tenant_id","instance_id","user_id");--> statement-breakpoint
CREATE INDEX "bpm_urgent_instance_idx" ON "bpm_urgent" USING btree ("tenant_id","instance_id","created_at");--> statement-breakpoint
CREATE INDEX "bpm_approval_item_user_idx" ON "bpm_approval_item" USING btree ("tenant_id","user_id","sn");--> statement-breakpoint
CREATE INDEX "bpm_agent_principal_idx" ON "bpm_agent" USING btree ("tenant_id","principal_id");--> statement-breakpoint
CREATE INDEX "bpm_agent_agent_idx" ON "bpm_agent" USING btree ("tenant_id","agent_id");--> statement-breakpoint
CREATE INDEX "bpm_collect_list_idx" ON "bpm_collect" USING btree ("tenant_id","user_id","target_type","created_at");--> statement-breakpoint
CREATE INDEX "sys_scheduled_job_due_idx" ON "sys_scheduled_job" USING btree ("run_at") WHERE "sys_scheduled_job"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sys_scheduled_job_dedupe_idx" ON "sys_scheduled_job" USING btree ("tenant_id","dedupe_key") WHERE "sys_scheduled_job"."status" = 'pending' and "sys_scheduled_job"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "sys_short_url_long_idx" ON "sys_short_url" USING btree ("tenant_id","long_url");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_type_code_idx" ON "sys_type" USING btree ("tenant_id","type_key","code");--> statement-breakpoint
CREATE INDEX "bpm_instance_parent_idx" ON "bpm_instance" USING btree ("tenant_id","parent_instance_id","parent_node_id") WHERE "bpm_instance"."parent_instance_id" is not null;--> statement-breakpoint
CREATE INDEX "bpm_task_owner_idx" ON "bpm_task" USING btree ("tenant_id","owner_id","created_at") WHERE "bpm_task"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "bpm_task_parent_idx" ON "bpm_task" USING btree ("tenant_id","parent_task_id") WHERE "bpm_task"."parent_task_id" is not null;