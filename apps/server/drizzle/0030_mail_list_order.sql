DROP INDEX "mail_message_list_idx";--> statement-breakpoint
CREATE INDEX "mail_message_folder_list_idx" ON "mail_message" USING btree ("tenant_id","folder_id","send_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_message_list_idx" ON "mail_message" USING btree ("tenant_id","user_id","send_date" DESC NULLS LAST,"id" DESC NULLS FIRST);