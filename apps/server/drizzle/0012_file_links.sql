CREATE TABLE "sys_file_link" (
	"tenant_id" text NOT NULL,
	"file_id" text NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_file_link_tenant_id_file_id_owner_type_owner_id_pk" PRIMARY KEY("tenant_id","file_id","owner_type","owner_id")
);
--> statement-breakpoint
CREATE INDEX "sys_file_link_owner_idx" ON "sys_file_link" USING btree ("tenant_id","owner_type","owner_id");--> statement-breakpoint
-- hand-written: opinion attachments written before links existed belong to their instance
INSERT INTO "sys_file_link" ("tenant_id", "file_id", "owner_type", "owner_id")
SELECT DISTINCT o."tenant_id", f ->> 'fileId', 'flowInstance', o."instance_id"
FROM "bpm_opinion" o, jsonb_array_elements(o."files") AS e, LATERAL (SELECT e -> 'response' AS f) r
WHERE jsonb_typeof(o."files") = 'array' AND f ->> 'fileId' IS NOT NULL
ON CONFLICT DO NOTHING;
