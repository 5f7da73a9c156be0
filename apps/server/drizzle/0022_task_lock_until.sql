ALTER TABLE "bpm_task" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bpm_task_locked_idx" ON "bpm_task" USING btree ("tenant_id","locked_by") WHERE "bpm_task"."locked_by" is not null;--> statement-breakpoint
-- locks taken before locks ended by themselves last the default time from now
UPDATE "bpm_task" SET "locked_until" = now() + interval '30 minutes' WHERE "locked_by" IS NOT NULL;
