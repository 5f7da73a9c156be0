ALTER TABLE "auth_session_activity" ADD COLUMN "post_id" text;--> statement-breakpoint
ALTER TABLE "bpm_instance" ADD COLUMN "initiator_post_id" text;