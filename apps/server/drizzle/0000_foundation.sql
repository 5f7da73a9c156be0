CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"user_id" text,
	"account" text,
	"action" text NOT NULL,
	"target" text,
	"client_ip" text,
	"result" text NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uc_group_user" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"sn" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uc_group_user_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "uc_group" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"owner_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uc_group_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "uc_demension" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uc_demension_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "uc_job" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uc_job_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "auth_login_failure" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_menu_role" (
	"tenant_id" text NOT NULL,
	"menu_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "sys_menu_role_tenant_id_menu_id_role_id_pk" PRIMARY KEY("tenant_id","menu_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"parent_id" text,
	"menu_alias" text NOT NULL,
	"alias" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sn" integer DEFAULT 0 NOT NULL,
	"path" text NOT NULL,
	"menu_url" text,
	"href" text,
	"route_extend" text,
	"component" text NOT NULL,
	"menu_icon" text,
	"tabs_style" text,
	"active_tab" text,
	"affix" boolean DEFAULT false NOT NULL,
	"no_keep_alive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_menu_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_method_role" (
	"tenant_id" text NOT NULL,
	"method_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "sys_method_role_tenant_id_method_id_role_id_pk" PRIMARY KEY("tenant_id","method_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_method" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_method_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "uc_org_user" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"org_id" text NOT NULL,
	"user_id" text NOT NULL,
	"post_id" text,
	"is_master" boolean DEFAULT false NOT NULL,
	"is_charge" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uc_org_user_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "uc_org" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"dem_id" text NOT NULL,
	"parent_id" text,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"path_name" text NOT NULL,
	"grade" integer NOT NULL,
	"sn" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uc_org_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "uc_post" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"org_id" text NOT NULL,
	"job_id" text,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uc_post_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "uc_pwd_strategy" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"enable" integer DEFAULT 0 NOT NULL,
	"pwd_rule" integer DEFAULT 1 NOT NULL,
	"pwd_length" integer DEFAULT 6 NOT NULL,
	"init_change" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_revoked_token" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uc_role" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uc_role_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "bpm_secretary" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"leader_id" text NOT NULL,
	"secretary_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bpm_secretary_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_setting" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"front_logo" text,
	"manage_logo" text,
	"ico" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "uc_user_role" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "uc_user_role_tenant_id_user_id_role_id_pk" PRIMARY KEY("tenant_id","user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "uc_user" (
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"account" text NOT NULL,
	"fullname" text NOT NULL,
	"password_hash" text NOT NULL,
	"email" text,
	"mobile" text,
	"sex" text,
	"photo" text,
	"address" text,
	"status" integer DEFAULT 1 NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"password_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uc_user_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "audit_log_tenant_time_idx" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uc_group_user_member_idx" ON "uc_group_user" USING btree ("tenant_id","group_id","user_id");--> statement-breakpoint
CREATE INDEX "uc_group_owner_idx" ON "uc_group" USING btree ("tenant_id","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uc_demension_code_idx" ON "uc_demension" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "uc_job_code_idx" ON "uc_job" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_menu_alias_idx" ON "sys_menu" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE INDEX "sys_menu_tree_idx" ON "sys_menu" USING btree ("tenant_id","menu_alias","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_method_alias_idx" ON "sys_method" USING btree ("tenant_id","alias");--> statement-breakpoint
CREATE INDEX "uc_org_user_user_idx" ON "uc_org_user" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "uc_org_user_org_idx" ON "uc_org_user" USING btree ("tenant_id","org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uc_org_code_idx" ON "uc_org" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "uc_org_parent_idx" ON "uc_org" USING btree ("tenant_id","dem_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uc_post_code_idx" ON "uc_post" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "uc_post_org_idx" ON "uc_post" USING btree ("tenant_id","org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uc_role_code_idx" ON "uc_role" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "bpm_secretary_pair_idx" ON "bpm_secretary" USING btree ("tenant_id","leader_id","secretary_id");--> statement-breakpoint
CREATE INDEX "bpm_secretary_secretary_idx" ON "bpm_secretary" USING btree ("tenant_id","secretary_id");--> statement-breakpoint
CREATE INDEX "uc_user_role_role_idx" ON "uc_user_role" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uc_user_account_idx" ON "uc_user" USING btree ("tenant_id",lower("account"));--> statement-breakpoint
CREATE INDEX "uc_user_fullname_idx" ON "uc_user" USING btree ("tenant_id","fullname");