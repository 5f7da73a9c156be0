CREATE TABLE "bpm_dish_out" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"task_id" text,
	"subject" text NOT NULL,
	"def_key" text NOT NULL,
	"def_name" text NOT NULL,
	"sender_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"opinion" text,
	"targets" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_dish_out_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_dish_receiver" (
	"tenant_id" text NOT NULL,
	"dish_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"receiver_name" text NOT NULL,
	"org_name" text,
	"signed_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_dish_receiver_tenant_id_dish_id_receiver_id_pk" PRIMARY KEY("tenant_id","dish_id","receiver_id")
);
--> statement-breakpoint
CREATE TABLE "bpm_document" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"instance_id" text NOT NULL,
	"subject" text NOT NULL,
	"def_key" text NOT NULL,
	"def_name" text NOT NULL,
	"data" jsonb NOT NULL,
	"filed_by_id" text NOT NULL,
	"filed_by_name" text NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_document_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "bpm_dish_out_sender_idx" ON "bpm_dish_out" USING btree ("tenant_id","sender_id","created_at");--> statement-breakpoint
CREATE INDEX "bpm_dish_out_instance_idx" ON "bpm_dish_out" USING btree ("tenant_id","instance_id");--> statement-breakpoint
CREATE INDEX "bpm_dish_receiver_user_idx" ON "bpm_dish_receiver" USING btree ("tenant_id","receiver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_document_instance_idx" ON "bpm_document" USING btree ("tenant_id","instance_id");--> statement-breakpoint
CREATE INDEX "bpm_document_filed_idx" ON "bpm_document" USING btree ("tenant_id","filed_at");