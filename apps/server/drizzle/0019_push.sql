-- Live push (issue 16): every change that moves someone's bell or todo counts notifies the channel
-- eip_push with "tenant user kind". The database stays the truth: a listener only learns whom to
-- recount. Notifications are sent at commit, and identical ones of one transaction only once.
CREATE FUNCTION eip_push_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('eip_push', OLD.tenant_id || ' ' || OLD.receiver_id || ' ' || TG_ARGV[0]);
  ELSE
    PERFORM pg_notify('eip_push', NEW.tenant_id || ' ' || NEW.receiver_id || ' ' || TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION eip_push_candidate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('eip_push', OLD.tenant_id || ' ' || OLD.user_id || ' task');
  ELSE
    PERFORM pg_notify('eip_push', NEW.tenant_id || ' ' || NEW.user_id || ' task');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inner_message_push AFTER INSERT OR DELETE OR UPDATE OF is_read ON inner_message
  FOR EACH ROW EXECUTE FUNCTION eip_push_message('message');
--> statement-breakpoint
CREATE TRIGGER bpm_notice_push AFTER INSERT OR DELETE OR UPDATE OF is_read ON bpm_notice
  FOR EACH ROW EXECUTE FUNCTION eip_push_message('notice');
--> statement-breakpoint
CREATE TRIGGER bpm_task_candidate_push AFTER INSERT OR DELETE ON bpm_task_candidate
  FOR EACH ROW EXECUTE FUNCTION eip_push_candidate();
