DROP INDEX "bpm_task_candidate_todo_idx";--> statement-breakpoint
CREATE INDEX "bpm_task_candidate_todo_idx" ON "bpm_task_candidate" USING btree ("tenant_id","user_id","created_at","task_id");