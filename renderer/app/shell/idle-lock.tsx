import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../shared/permissions';
import { DEFAULT_IDLE_SECONDS } from '../../../shared/domain/idle';
import { bridge } from '../../bridge';
import { localName } from '../../components/format/names';
import { useAppDispatch } from '../../store/store';
import { logout } from '../../store/auth-slice';
import { useIdle } from './use-idle';
import { useKeptAwake } from '../../components/hooks/keep-awake';
import { api } from '../../api/base';

/**
 * Locks the station over the app after the chain's idle time (not while a screen keeps it awake: the
 * supervisor's room view): the signed-in user's password, checked
 * again by the server, lifts it; anyone else signs this user out and signs in. The app stays mounted
 * (a half-made sale is still there after unlocking) but hidden: nothing on it can be read, focused or clicked.
 */
export function IdleLock({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { data, isError } = api.useChainSettingsGetQuery();
  // A room view at a room door stays on; its supervisor's own sign-in (code, 8 hours, sign-out) guards it.
  const awake = useKeptAwake();
  const [locked, unlock] = useIdle(awake ? null : (data?.idle_seconds ?? (isError ? DEFAULT_IDLE_SECONDS : null)));
  return (
    <>
      <div hidden={locked}>{children}</div>
      {locked && <LockScreen user={user} onUnlocked={unlock} />}
    </>
  );
}

function LockScreen({ user, onUnlocked }: { user: SessionUser; onUnlocked: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    // The password is checked by the server, as at sign-in (and counted by its limits).
    const answer = await bridge.invoke('pos:auth-login', { login: user.mobile ?? user.email ?? '', password });
    setBusy(false);
    if (answer.status && answer.data.user.id === user.id) onUnlocked();
    else setFailure(answer.status ? 'SOMETHING_WENT_WRONG' : answer.message);
  };
  return (
    <div className="pd-lock" role="dialog" aria-modal="true" aria-labelledby="pd-lock-title" data-testid="idle-lock">
      <Card style={{ width: 380 }}>
        <form onSubmit={(event) => void submit(event)}>
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Title level={2} id="pd-lock-title" style={{ fontSize: 22, margin: 0 }}>
              <LockOutlined /> {t('lock.title')}
            </Typography.Title>
            <Typography.Text>{t('lock.help', { name: localName(user, i18n.language) })}</Typography.Text>
            <Input.Password
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-label={t('lock.password')}
              placeholder={t('lock.password')}
              data-testid="lock-password"
            />
            {failure && <Alert type="error" showIcon title={t(`errors:${failure}`)} data-testid="lock-error" />}
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={busy}
              disabled={!password}
              data-testid="lock-unlock"
            >
              {t('lock.unlock')}
            </Button>
            <Button type="link" block onClick={() => void dispatch(logout())} data-testid="lock-switch-user">
              {t('lock.someoneElse')}
            </Button>
          </Space>
        </form>
      </Card>
    </div>
  );
}
