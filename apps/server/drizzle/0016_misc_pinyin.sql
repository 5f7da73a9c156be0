CREATE TABLE "sys_data_dict" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"type_key" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_data_dict_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_identity" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"regulation" text NOT NULL,
	"gen_type" text DEFAULT 'none' NOT NULL,
	"no_length" integer DEFAULT 4 NOT NULL,
	"init_value" integer DEFAULT 1 NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"cur_value" integer,
	"cur_period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_identity_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_often_menu" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"alias" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_often_menu_tenant_id_user_id_alias_pk" PRIMARY KEY("tenant_id","user_id","alias")
);
--> statement-breakpoint
CREATE TABLE "sys_tag" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"type_key" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_tag_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "uc_user" ADD COLUMN "pinyin" text;--> statement-breakpoint
ALTER TABLE "uc_user" ADD COLUMN "pinyin_initials" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_data_dict_key_idx" ON "sys_data_dict" USING btree ("tenant_id","type_key","key");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_identity_alias_idx" ON "sys_identity" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_tag_name_idx" ON "sys_tag" USING btree ("tenant_id","type_key",lower("name"));