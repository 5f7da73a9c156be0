ALTER TABLE "bpm_definition" ADD COLUMN "forms" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Versions deployed before this keep the forms they refer to as those forms are now.
UPDATE "bpm_definition" AS d SET "forms" = coalesce((
  SELECT jsonb_object_agg(f."form_key", jsonb_build_object('name', f."name", 'schema', f."schema", 'uiSchema', f."ui_schema"))
  FROM "bpm_form" AS f
  WHERE f."tenant_id" = d."tenant_id"
    AND f."form_key" IN (SELECT jsonb_path_query(d."settings", 'strict $.**.form.formKey') #>> '{}')
), '{}'::jsonb);
