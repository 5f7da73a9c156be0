import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { DEFAULT_TENANT_CODE } from '@eip/contracts/codes';
import {
  Suspense,
  useState,
  type CSSProperties,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { lazyNamed } from '../../app/lazy';
import { tenantLogoUrl } from '../../api/auth';
import { prefetchWhileSigningIn } from '../../app/preload';
import { PrimaryButton } from '../../app/status';
import { SvgIcon } from '../../app/svgIcon';
import { useTenantIcon } from '../../app/tenantLook';
import { useDesignToken } from '../../app/theme';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { usePublicKey, useSignIn, useTenant, type Credentials } from './hooks';

// Only needed when the server asks for a new password first (loginStatus false), with Ant Design's providers.
const ChangePasswordDialog = lazyNamed(
  () => import('../../components/ChangePasswordDialog'),
  'ChangePasswordDialog',
);
const ThemedAntd = lazyNamed(() => import('../../app/themedAntd'), 'ThemedAntd');

type FieldErrors = Partial<Record<keyof Credentials, string>>;

/**
 * A large text input in the look of the theme. The login page uses plain elements styled with the theme's
 * tokens rather than Ant Design's components, so it is in the app's first paint without their code.
 */
function TextField({
  icon,
  suffix,
  invalid,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { icon: ReactNode; suffix?: ReactNode; invalid: boolean }) {
  const token = useDesignToken();
  const [focused, setFocused] = useState(false);
  const borderColor = invalid ? token.colorError : focused ? token.colorPrimary : token.colorBorder;
  const box: CSSProperties = {
    display: 'flex',
    alignItems: 'center',
    gap: token.marginXS,
    height: token.controlHeightLG,
    paddingInline: token.paddingSM,
    border: `1px solid ${borderColor}`,
    borderRadius: token.borderRadiusLG,
    background: token.colorBgContainer,
    boxShadow: focused ? `0 0 0 2px ${invalid ? token.colorErrorOutline : token.controlOutline}` : undefined,
    transition: `border-color ${token.motionDurationMid}`,
    color: token.colorTextTertiary,
  };
  return (
    <div style={box}>
      {icon}
      <input
        {...input}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        style={{
          flex: 1,
          minWidth: 0,
          border: 0,
          outline: 'none',
          background: 'transparent',
          color: token.colorText,
          fontSize: token.fontSizeLG,
          fontFamily: 'inherit',
        }}
      />
      {suffix}
    </div>
  );
}

/** The product's mark, until (or unless) the tenant has a logo of its own: the slot keeps its height. */
const APP_LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

/**
 * Sign-in: `/login` for the default tenant, `/login/{tenant}` for another one. The form is usable at the first
 * paint: the tenant (name, logo) and the public key are fetched beside it, fill in without moving it, and a
 * sign-in waits for them only if they have not arrived.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const token = useDesignToken();
  useDocumentTitle(t('login.pageTitle'));
  const { tenant: tenantCode = DEFAULT_TENANT_CODE } = useParams();
  const tenant = useTenant(tenantCode);
  usePublicKey();
  const signIn = useSignIn(tenantCode);
  const [values, setValues] = useState<Credentials>({ account: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [mustChange, setMustChange] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const error = signIn.error ?? tenant.error;
  const frontLogo = tenant.data ? tenantLogoUrl(tenant.data, 'frontLogo') : null;
  useTenantIcon(tenant.data);

  const validate = (next: Credentials): FieldErrors => ({
    ...(next.account.trim() ? {} : { account: t('login.accountRequired') }),
    ...(next.password ? {} : { password: t('login.passwordRequired') }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    signIn.mutate(values, { onSuccess: (result) => setMustChange(result.loginStatus === false) });
  };

  const field = (name: keyof Credentials) => ({
    id: `login-${name}`,
    name,
    value: values[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `login-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      void prefetchWhileSigningIn();
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (errors[name]) setErrors({ ...errors, [name]: validate(next)[name] });
    },
  });

  const fieldError = (name: keyof Credentials) =>
    errors[name] && (
      <div id={`login-${name}-error`} aria-live="polite" style={{ color: token.colorError, marginTop: 4 }}>
        {errors[name]}
      </div>
    );

  const label = { display: 'block', marginBottom: token.marginXS, color: token.colorText };

  return (
    <main
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '100vh',
        boxSizing: 'border-box',
        padding: token.padding,
        fontFamily: token.fontFamily,
        background: `linear-gradient(135deg, ${token.blue8} 0%, ${token.colorPrimary} 45%, ${token.blue4} 100%)`,
      }}
    >
      <section
        aria-labelledby="login-title"
        style={{
          width: 'min(400px, 100%)',
          padding: token.paddingXL,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: token.marginXS,
            marginBottom: token.marginLG,
          }}
        >
          <img
            src={frontLogo ?? APP_LOGO}
            alt=""
            style={{ height: 48, maxWidth: 160, objectFit: 'contain' }}
          />
          <h1
            id="login-title"
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              fontWeight: 600,
              color: token.colorTextHeading,
            }}
          >
            {tenant.data?.name ?? t('app.title')}
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('login.welcome')}</p>
        </div>
        <form name="login" noValidate onSubmit={submit}>
          <div style={{ marginBottom: token.marginLG }}>
            <label htmlFor="login-account" style={label}>
              {t('login.account')}
            </label>
            <TextField
              {...field('account')}
              invalid={Boolean(errors.account)}
              icon={<SvgIcon icon={UserOutlined} />}
              placeholder={t('login.accountPlaceholder')}
              autoComplete="username"
              autoFocus
            />
            {fieldError('account')}
          </div>
          <div style={{ marginBottom: token.marginLG }}>
            <label htmlFor="login-password" style={label}>
              {t('login.password')}
            </label>
            <TextField
              {...field('password')}
              invalid={Boolean(errors.password)}
              type={showPassword ? 'text' : 'password'}
              icon={<SvgIcon icon={LockOutlined} />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              suffix={
                <button
                  type="button"
                  aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword(!showPassword)}
                  style={{
                    border: 0,
                    background: 'none',
                    padding: 4,
                    cursor: 'pointer',
                    color: token.colorTextTertiary,
                  }}
                >
                  <SvgIcon icon={showPassword ? EyeOutlined : EyeInvisibleOutlined} />
                </button>
              }
            />
            {fieldError('password')}
          </div>
          {error && (
            <div
              role="alert"
              style={{
                marginBottom: token.marginLG,
                padding: `${token.paddingXS}px ${token.paddingSM}px`,
                border: `1px solid ${token.colorErrorBorder}`,
                borderRadius: token.borderRadius,
                background: token.colorErrorBg,
                color: token.colorText,
              }}
            >
              {error.message}
            </div>
          )}
          <PrimaryButton type="submit" large busy={signIn.isPending} style={{ width: '100%' }}>
            {t('login.submit')}
          </PrimaryButton>
        </form>
      </section>
      {mustChange && tenant.data && (
        <Suspense fallback={null}>
          <ThemedAntd>
            <ChangePasswordDialog
              mode={{
                kind: 'account',
                tenantId: tenant.data.id,
                account: values.account.trim(),
                oldPwd: values.password,
                onChanged: (newPwd) => {
                  setMustChange(false);
                  setValues({ ...values, password: newPwd });
                  signIn.mutate({ account: values.account, password: newPwd });
                },
              }}
              onClose={() => setMustChange(false)}
            />
          </ThemedAntd>
        </Suspense>
      )}
    </main>
  );
}
