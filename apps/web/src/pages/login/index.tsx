import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_TENANT_CODE } from '@eip/contracts/codes';
import { Button, Flex, theme } from 'antd';
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
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSignIn, useTenant, type Credentials } from './hooks';

// Only needed when the server asks for a new password first (loginStatus false).
const ChangePasswordDialog = lazyNamed(
  () => import('../../components/ChangePasswordDialog'),
  'ChangePasswordDialog',
);

type FieldErrors = Partial<Record<keyof Credentials, string>>;

/**
 * A large text input in the look of the theme. The login page uses plain inputs rather than Ant Design's Input
 * (which brings its text area, search and OTP parts along) to keep its JavaScript small.
 */
function TextField({
  icon,
  suffix,
  invalid,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { icon: ReactNode; suffix?: ReactNode; invalid: boolean }) {
  const { token } = theme.useToken();
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

/** Sign-in: `/login` for the default tenant, `/login/{tenant}` for another one. */
export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  useDocumentTitle(t('login.pageTitle'));
  const { tenant: tenantCode = DEFAULT_TENANT_CODE } = useParams();
  const tenant = useTenant(tenantCode);
  const signIn = useSignIn();
  const [values, setValues] = useState<Credentials>({ account: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [mustChange, setMustChange] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const error = tenant.error ?? signIn.error;

  const validate = (next: Credentials): FieldErrors => ({
    ...(next.account.trim() ? {} : { account: t('login.accountRequired') }),
    ...(next.password ? {} : { password: t('login.passwordRequired') }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length || !tenant.data) return;
    signIn.mutate(
      { ...values, tenantId: tenant.data.id },
      { onSuccess: (result) => setMustChange(result.loginStatus === false) },
    );
  };

  const field = (name: keyof Credentials) => ({
    id: `login-${name}`,
    name,
    value: values[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `login-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
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
    <Flex
      component="main"
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
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
        <Flex vertical align="center" gap={token.marginXS} style={{ marginBottom: token.marginLG }}>
          {tenant.data?.frontLogo && (
            <img
              src={tenant.data.frontLogo}
              alt=""
              style={{ height: 48, maxWidth: 160, objectFit: 'contain' }}
            />
          )}
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
        </Flex>
        <form name="login" noValidate onSubmit={submit}>
          <div style={{ marginBottom: token.marginLG }}>
            <label htmlFor="login-account" style={label}>
              {t('login.account')}
            </label>
            <TextField
              {...field('account')}
              invalid={Boolean(errors.account)}
              icon={<UserOutlined aria-hidden />}
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
              icon={<LockOutlined aria-hidden />}
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
                  {showPassword ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
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
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={signIn.isPending}
            disabled={!tenant.data}
          >
            {t('login.submit')}
          </Button>
        </form>
      </section>
      {mustChange && tenant.data && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            mode={{
              kind: 'account',
              tenantId: tenant.data.id,
              account: values.account.trim(),
              oldPwd: values.password,
              onChanged: (newPwd) => {
                setMustChange(false);
                setValues({ ...values, password: newPwd });
                signIn.mutate({ account: values.account, password: newPwd, tenantId: tenant.data!.id });
              },
            }}
            onClose={() => setMustChange(false)}
          />
        </Suspense>
      )}
    </Flex>
  );
}
