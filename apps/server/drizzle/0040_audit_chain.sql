CREATE TABLE "audit_chain_head" (
	"chain" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "audit_log_archive" ADD COLUMN "hash" text;--> statement-breakpoint
-- The archive keeps each record's link: a record of audit_log may be removed only once its copy, link included,
-- is archived (as in 0031_audit_archive).
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log'
     AND OLD.created_at < now() - interval '180 days'
     AND EXISTS (
       SELECT 1 FROM audit_log_archive a
       WHERE a.id = OLD.id AND a.created_at = OLD.created_at AND a.action = OLD.action
         AND a.result = OLD.result AND a.tenant_id IS NOT DISTINCT FROM OLD.tenant_id
         AND a.user_id IS NOT DISTINCT FROM OLD.user_id AND a.account IS NOT DISTINCT FROM OLD.account
         AND a.target IS NOT DISTINCT FROM OLD.target AND a.client_ip IS NOT DISTINCT FROM OLD.client_ip
         AND a.request_id IS NOT DISTINCT FROM OLD.request_id AND a.hash IS NOT DISTINCT FROM OLD.hash
     ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP;
END;
$$;
