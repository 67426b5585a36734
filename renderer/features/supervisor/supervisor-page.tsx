import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../shared/api/envelope';
import { api } from '../../api/base';
import { useAppDispatch } from '../../store/store';
import { bridge } from '../../bridge';
import { CodeEntry } from '../../components/ui/code-entry';
import { pageLanguage } from '../../i18n';
import { messageText } from '../../i18n/message';
import { useSubmit } from '../../components/hooks/use-submit';
import { RoomChoice } from './room-choice';
import { RoomView } from './room-view';
import './supervisor.css';

/**
 * Supervisor mode (spec 6) on a station at a room door: the supervisor signs in with a code sent to
 * their own mobile, logs into one of their rooms, and works it. When the supervisor token ends (signed
 * out, expired, access taken away) the screen asks for a code again, without an error toast (spec 8).
 */
export function SupervisorPage() {
  const dispatch = useAppDispatch();
  const [choosing, setChoosing] = useState(false);
  // Not polled: visits_changed reloads it (useRealtimeRefresh).
  const { data, error, refetch } = api.useSupervisorStateQuery();
  useEffect(
    () =>
      bridge.onEvent((event) => {
        if (event.type === 'supervisor-ended') dispatch(api.util.invalidateTags(['Supervisor']));
      }),
    [dispatch],
  );
  const failure = error as Partial<ApiFailure> | undefined;

  // While the state reloads (a poll, news of a visit) the last answer stands: RTK calls a reload after a
  // refusal `isLoading`, and unmounting the sign-in then would lose the mobile typed and the code step.
  let body;
  if (failure?.supervisor) body = <SupervisorSignIn />;
  else if (failure) body = <Unreachable message={failure.message} onRetry={() => void refetch()} />;
  else if (!data) body = null;
  else if (!data!.room || choosing) body = <RoomChoice state={data!} onChosen={() => setChoosing(false)} />;
  else body = <RoomView state={{ ...data!, room: data!.room }} onSwitch={() => setChoosing(true)} />;
  return (
    <div className="pd-supervisor" data-testid="supervisor-page">
      {body}
    </div>
  );
}

function Unreachable({ message, onRetry }: { message: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={messageText(t, message)}
      action={<Button onClick={onRetry}>{t('supervisor.retry')}</Button>}
    />
  );
}

/** The supervisor's own mobile, a code to it, the code typed back. */
function SupervisorSignIn() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ mobile: string }>();
  const [mobile, setMobile] = useState('');
  const [send] = api.useSupervisorOtpSendMutation();
  const [verify] = api.useSupervisorOtpVerifyMutation();
  const submit = useSubmit();
  return (
    <Card className="pd-supervisor-signin">
      <Typography.Title level={1}>{t('supervisor.signInTitle')}</Typography.Title>
      <Typography.Paragraph>{t('supervisor.signInHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="mobile" label={t('supervisor.mobile')}>
          <Input
            size="large"
            dir="ltr"
            inputMode="tel"
            autoComplete="off"
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
            data-testid="supervisor-mobile"
          />
        </Form.Item>
      </Form>
      <CodeEntry
        sendLabel={t('supervisor.sendCode')}
        testId="supervisor-code"
        onSend={async () => (await submit(send({ mobile, language: pageLanguage() }), { form })) !== null}
        onVerify={async (otp) => (await submit(verify({ mobile, otp }), { form })) !== null}
      />
    </Card>
  );
}
