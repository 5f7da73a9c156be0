CREATE TABLE "bpm_definition" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"def_key" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"is_main" boolean NOT NULL,
	"flow_type" text,
	"bpmn_xml" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_definition_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_instance" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"def_id" text NOT NULL,
	"def_key" text NOT NULL,
	"def_name" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"initiator_id" text NOT NULL,
	"initiator_name" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone,
	CONSTRAINT "bpm_instance_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_opinion" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"task_id" text,
	"node_id" text NOT NULL,
	"task_name" text NOT NULL,
	"status" text NOT NULL,
	"auditor_id" text,
	"auditor_name" text,
	"qualfieds" jsonb NOT NULL,
	"opinion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"dur_ms" bigint,
	CONSTRAINT "bpm_opinion_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_task_candidate" (
	"tenant_id" text NOT NULL,
	"task_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bpm_task_candidate_tenant_id_task_id_user_id_pk" PRIMARY KEY("tenant_id","task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bpm_task" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"token_id" text NOT NULL,
	"node_id" text NOT NULL,
	"name" text NOT NULL,
	"node_type" text NOT NULL,
	"status" text NOT NULL,
	"assignee_id" text,
	"sign_batch" text,
	"subject" text NOT NULL,
	"def_key" text NOT NULL,
	"def_name" text NOT NULL,
	"initiator_id" text NOT NULL,
	"initiator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"action" text,
	CONSTRAINT "bpm_task_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_token" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"node_id" text NOT NULL,
	"state" text NOT NULL,
	"return_to_node_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_token_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "inner_message" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inner_message_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_definition_version_idx" ON "bpm_definition" USING btree ("tenant_id","def_key","version");--> statement-breakpoint
CREATE INDEX "bpm_instance_initiator_idx" ON "bpm_instance" USING btree ("tenant_id","initiator_id","created_at");--> statement-breakpoint
CREATE INDEX "bpm_opinion_instance_idx" ON "bpm_opinion" USING btree ("tenant_id","instance_id");--> statement-breakpoint
CREATE INDEX "bpm_task_candidate_todo_idx" ON "bpm_task_candidate" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "bpm_task_instance_idx" ON "bpm_task" USING btree ("tenant_id","instance_id");--> statement-breakpoint
CREATE INDEX "bpm_task_done_idx" ON "bpm_task" USING btree ("tenant_id","completed_by","completed_at") WHERE "bpm_task"."status" = 'done';--> statement-breakpoint
CREATE INDEX "bpm_token_instance_idx" ON "bpm_token" USING btree ("tenant_id","instance_id");--> statement-breakpoint
CREATE INDEX "inner_message_unread_idx" ON "inner_message" USING btree ("tenant_id","receiver_id","is_read");