CREATE TABLE "mail_account" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"mail_address" text NOT NULL,
	"nickname" text NOT NULL,
	"account" text NOT NULL,
	"password" text NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer NOT NULL,
	"imap_tls" text NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_tls" text NOT NULL,
	"allow_self_signed" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"sync_job_id" text,
	"sync_folders_done" integer DEFAULT 0 NOT NULL,
	"sync_folders_total" integer DEFAULT 0 NOT NULL,
	"sync_fetched" integer DEFAULT 0 NOT NULL,
	"sync_skipped" integer DEFAULT 0 NOT NULL,
	"sync_error" text,
	"sync_started_at" timestamp with time zone,
	"sync_finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_account_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_folder" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"account_id" text NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"special_use" text,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "mail_folder_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_linkman" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"mail_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_linkman_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_message" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"uid" bigint NOT NULL,
	"message_id" text,
	"in_reply_to" text,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text NOT NULL,
	"from_address" jsonb,
	"to_addresses" jsonb NOT NULL,
	"cc_addresses" jsonb NOT NULL,
	"bcc_addresses" jsonb NOT NULL,
	"reply_to_addresses" jsonb NOT NULL,
	"people" text NOT NULL,
	"send_date" timestamp with time zone,
	"is_read" boolean DEFAULT false NOT NULL,
	"has_attachments" boolean DEFAULT false NOT NULL,
	"preview" text NOT NULL,
	"html" text,
	"text" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unreadable" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_message_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "mail_account_user_idx" ON "mail_account" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_folder_path_idx" ON "mail_folder" USING btree ("tenant_id","account_id","path");--> statement-breakpoint
CREATE INDEX "mail_linkman_user_idx" ON "mail_linkman" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_message_uid_idx" ON "mail_message" USING btree ("tenant_id","folder_id","uid");--> statement-breakpoint
CREATE INDEX "mail_message_list_idx" ON "mail_message" USING btree ("tenant_id","user_id","send_date");