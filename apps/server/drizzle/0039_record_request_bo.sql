ALTER TABLE "bpm_instance" ADD COLUMN "bo_alias" text;--> statement-breakpoint
CREATE INDEX "bpm_instance_record_idx" ON "bpm_instance" USING btree ("tenant_id","bo_alias","business_key","created_at") WHERE "bpm_instance"."business_key" is not null;--> statement-breakpoint
-- Requests started from a record before this migration: their record's business object, where the record is
-- still there (a record's id is unique in its tenant, whatever its business object).
UPDATE "bpm_instance" i SET "bo_alias" = r."bo_alias"
  FROM "form_bo_row" r
  WHERE i."business_key" IS NOT NULL AND r."tenant_id" = i."tenant_id" AND r."id" = i."business_key";
