CREATE TABLE "sys_property" (
	"tenant_id" text NOT NULL,
	"alias" text NOT NULL,
	"value" text NOT NULL,
	"encrypted" boolean DEFAULT false NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_property_tenant_id_alias_pk" PRIMARY KEY("tenant_id","alias")
);
