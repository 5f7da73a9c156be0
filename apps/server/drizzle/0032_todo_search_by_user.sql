-- A user's todo search by subject starts from the user's own matching candidate rows: each row carries its
-- task's subject (written with the row: a task's subject never changes), and a GIN index holds, for each row, the
-- subject's lower-case character pairs and one key naming the user ('user <id>', never a pair). A search asks
-- for the user's key and the text's pairs at once, so the index intersects their row lists and a busy
-- approver's search reads only her matching rows, not every open task whose subject matches (0021's index,
-- which the leader todo list keeps). The keys stay few (the pairs, and one a user), so inserting a row adds
-- to existing key lists rather than growing the index with new keys.
-- Self-contained (no call of eip_bigrams): index builds run functions with a restricted search_path.
CREATE FUNCTION eip_todo_keys(user_id text, value text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  lowered text := lower(value);
  keys text[] := ARRAY['user ' || user_id];
BEGIN
  FOR i IN 1 .. char_length(lowered) - 1 LOOP
    keys := keys || substr(lowered, i, 2);
  END LOOP;
  RETURN keys;
END
$$;
--> statement-breakpoint
ALTER TABLE "bpm_task_candidate" ADD COLUMN "subject" text;
--> statement-breakpoint
UPDATE bpm_task_candidate c SET subject = t.subject FROM bpm_task t WHERE t.tenant_id = c.tenant_id AND t.id = c.task_id;
--> statement-breakpoint
UPDATE bpm_task_candidate SET subject = '' WHERE subject IS NULL;
--> statement-breakpoint
ALTER TABLE "bpm_task_candidate" ALTER COLUMN "subject" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "bpm_task_candidate_subject_idx" ON "bpm_task_candidate" USING gin (eip_todo_keys("user_id", "subject"));
