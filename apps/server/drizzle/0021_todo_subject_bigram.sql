-- The character pairs of a text in lower case, as ILIKE compares (it lowers both sides): a text that contains
-- another (ignoring case) has every pair of it, so a GIN index of them serves substring searches of two
-- characters or more, Chinese ones included (pg_trgm takes no trigram from '%张伟%', and PGlite and
-- PostgreSQL need no extension for this).
CREATE FUNCTION eip_bigrams(value text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  lowered text := lower(value);
  pairs text[] := '{}';
BEGIN
  FOR i IN 1 .. char_length(lowered) - 1 LOOP
    pairs := pairs || substr(lowered, i, 2);
  END LOOP;
  RETURN pairs;
END
$$;
--> statement-breakpoint
CREATE INDEX "bpm_task_subject_bigram_idx" ON "bpm_task" USING gin (eip_bigrams("subject")) WHERE "bpm_task"."status" in ('pending', 'waiting');
