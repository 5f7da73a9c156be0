ALTER TABLE "bpm_task" ADD COLUMN "flow_type" text;--> statement-breakpoint
ALTER TABLE "bpm_task" ADD COLUMN "completed_by_name" text;--> statement-breakpoint
ALTER TABLE "bpm_token" ADD COLUMN "origin_task_id" text;