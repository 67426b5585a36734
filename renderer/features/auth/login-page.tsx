import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, theme, type InputRef } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '../../../shared/api/auth';
import { useAppDispatch, useAppSelector } from '../../store/store';
import { login } from '../../store/auth-slice';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { useNotify } from '../../components/hooks/use-notify';
import { showFieldErrors } from '../../components/ui/field-errors';
import { api } from '../../api/base';
import { stationTooOld } from '../../../shared/domain/version';
import { LoginHeading, LoginNote } from './login-text';
import { firstLoginShown, readFirstLogin, removeFirstLogin } from './first-login';
import './login.css';

/** Shown once in a station's life, on an empty database: its code waits until then. */
const FirstRunForm = lazy(() => import('./first-run-form').then((m) => ({ default: m.FirstRunForm })));

export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: setup } = api.useSetupStatusQuery();
  const { token } = theme.useToken();

  return (
    // The type antd's App would set on the screens after sign-in: the login screen does without it.
    <main
      className="pd-login"
      style={{
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        color: token.colorText,
      }}
    >
      <div className="pd-login-lang">
        <LanguageSwitch type="text" />
      </div>
      <section className="pd-login-card">
        <div className="pd-login-brand">
          <img src="./logo.svg" alt="" width={56} height={56} />
          <div>
            <LoginHeading level={1}>{t('app.name')}</LoginHeading>
            <LoginNote>{t('app.tagline')}</LoginNote>
          </div>
        </div>
        <TooOldAlert />
        {setup?.needsAdministrator ? (
          <Suspense>
            <FirstRunForm
              needsSetupToken={setup.needsSetupToken}
              onCreated={(loginName, password) => void dispatch(login({ login: loginName, password }))}
            />
          </Suspense>
        ) : (
          <SignInForm />
        )}
      </section>
    </main>
  );
}

/**
 * This station's version and the oldest one its server serves (`health`), when the station is older: it
 * is said before anyone types a password, and sign-in waits for the station's update.
 */
function useVersionCheck(): { known: boolean; tooOld: { station: string; minimum: string } | null } {
  const info = api.useAppInfoQuery();
  const health = api.useHealthQuery();
  // A server that does not answer declares nothing: its sign-in answer will say it cannot be reached.
  const known = (info.isSuccess || info.isError) && (health.isSuccess || health.isError);
  const station = info.data?.version;
  const minimum = health.data?.minStationVersion;
  const tooOld = station && minimum && stationTooOld(station, minimum) ? { station, minimum } : null;
  return { known, tooOld };
}

function TooOldAlert() {
  const { t } = useTranslation();
  const { tooOld } = useVersionCheck();
  if (!tooOld) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('about.tooOld.title')}
      description={t('about.tooOld.body', tooOld)}
      style={{ marginBottom: 16 }}
      data-testid="station-too-old"
    />
  );
}

function SignInForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // A server that does not serve this station's version would refuse or misread its work. A sign-in
  // pressed before that is known (in the first form, as the app arrived) waits for it.
  const version = useVersionCheck();
  const blocked = version.tooOld !== null;
  const [waiting, setWaiting] = useState<LoginRequest | null>(null);
  useEffect(() => {
    if (!waiting || !version.known) return;
    setWaiting(null);
    if (!blocked) void dispatch(login(waiting));
  }, [waiting, version.known, blocked, dispatch]);
  const notify = useNotify();
  const { status, failure } = useAppSelector((s) => s.auth);
  const [form] = Form.useForm<LoginRequest>();
  const fields = { login: useRef<InputRef>(null), password: useRef<InputRef>(null) };
  // The form index.html showed while this code was on its way: what was typed there carries on here, in
  // the same field (so antd's autofocus stays off), and a Sign in pressed there is done now. Read as
  // this form is put on the screen, in the same task: the drawing before it yields to keystrokes.
  const [takingOver] = useState(firstLoginShown);
  const tookOver = useRef(false);
  useLayoutEffect(() => {
    const typed = readFirstLogin();
    removeFirstLogin();
    if (!typed || tookOver.current) return;
    tookOver.current = true;
    form.setFieldsValue({ login: typed.login, password: typed.password });
    const field = typed.focused && fields[typed.focused].current;
    field?.focus();
    // Once the field shows its value (React applies it as this effect returns).
    if (field && typed.selection) queueMicrotask(() => field.input?.setSelectionRange(...typed.selection!));
    if (typed.submitted) form.submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form first shows
  }, []);

  // Field errors go on their fields; the key of the whole failure goes to a toast, unless the server
  // said how long to wait, which stays on the form.
  useEffect(() => {
    if (!failure) return;
    if (failure.retry_after === undefined) notify.error(failure.message);
    showFieldErrors(form, t, failure.errors, ['login', 'password']);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
  }, [failure]);

  return (
    <>
      <LoginHeading level={2}>{t('login.title')}</LoginHeading>
      <LoginNote paragraph>{t('login.subtitle')}</LoginNote>
      {failure?.retry_after !== undefined && (
        <Alert
          type="warning"
          showIcon
          title={t('login.wait', { time: minutesAndSeconds(failure.retry_after) })}
          style={{ marginBottom: 16 }}
          data-testid="login-wait"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        data-testid="login-form"
        requiredMark={false}
        onFinish={(values) => {
          if (!version.known) setWaiting(values);
          else if (!blocked) void dispatch(login(values));
        }}
        disabled={status === 'signingIn' || blocked}
      >
        <Form.Item
          name="login"
          label={t('login.login')}
          rules={[{ required: true, whitespace: true, message: t('errors:FIELD_REQUIRED') }]}
        >
          <Input
            ref={fields.login}
            size="large"
            autoFocus={!takingOver}
            autoComplete="username"
            prefix={<UserOutlined />}
            placeholder={t('login.loginPlaceholder')}
            data-testid="login-input"
            dir="auto"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('errors:PASSWORD_MISSING') }]}
        >
          <Input.Password
            ref={fields.password}
            size="large"
            autoComplete="current-password"
            prefix={<LockOutlined />}
            data-testid="password-input"
          />
        </Form.Item>
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          block
          loading={status === 'signingIn' || waiting !== null}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </Form>
    </>
  );
}

/** 32 → "0:32", 300 → "5:00": the same in both languages. */
function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
