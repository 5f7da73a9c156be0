ALTER TABLE "inner_message" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "inner_message" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inner_message" ADD COLUMN "reply_to_id" text;