CREATE TABLE "portal_meeting_participant" (
	"tenant_id" text NOT NULL,
	"news_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "portal_meeting_participant_tenant_id_news_id_user_id_pk" PRIMARY KEY("tenant_id","news_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "portal_meeting_room" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"location" text,
	"capacity" integer DEFAULT 10 NOT NULL,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_meeting_room_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "portal_news_audience" (
	"tenant_id" text NOT NULL,
	"news_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	CONSTRAINT "portal_news_audience_tenant_id_news_id_target_id_pk" PRIMARY KEY("tenant_id","news_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "portal_news_notice" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"classify_id" text,
	"title" text NOT NULL,
	"summary" text,
	"cover_file_id" text,
	"content" text NOT NULL,
	"ffj" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"must_read" boolean DEFAULT false NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"publisher_id" text,
	"publish_time" timestamp with time zone,
	"expire_time" timestamp with time zone,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"room_id" text,
	"host_id" text,
	"agenda" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_news_notice_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "portal_news_read" (
	"tenant_id" text NOT NULL,
	"news_id" text NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_news_read_tenant_id_news_id_user_id_pk" PRIMARY KEY("tenant_id","news_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "portal_meeting_participant_user_idx" ON "portal_meeting_participant" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "portal_news_notice_list_idx" ON "portal_news_notice" USING btree ("tenant_id","kind","pinned" DESC NULLS LAST,"publish_time" desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "portal_news_notice_room_idx" ON "portal_news_notice" USING btree ("tenant_id","room_id","start_time") WHERE "portal_news_notice"."kind" = 'meeting';--> statement-breakpoint
CREATE INDEX "portal_news_notice_start_idx" ON "portal_news_notice" USING btree ("tenant_id","start_time") WHERE "portal_news_notice"."kind" = 'meeting';--> statement-breakpoint
CREATE INDEX "portal_news_read_user_idx" ON "portal_news_read" USING btree ("tenant_id","user_id");