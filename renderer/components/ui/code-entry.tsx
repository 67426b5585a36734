import { useState, type Ref } from 'react';
import { Alert, Button, Input, Space, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';

/**
 * Send a one-time code (to a parent, to a supervisor), then type it back (Enter verifies). `onSend` and `onVerify` answer
 * whether they succeeded; a wrong code clears the field for the next try.
 */
export function CodeEntry(props: {
  /** The send button, for a screen whose next step it is. */
  sendRef?: Ref<HTMLButtonElement>;
  sendLabel: string;
  onSend: () => Promise<boolean>;
  onVerify: (code: string) => Promise<boolean>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [code, setCode] = useState('');
  const { data: sms } = api.useSmsStatusQuery();
  const verify = async () => {
    if (code.length !== 6) return;
    setVerifying(true);
    const ok = await props.onVerify(code);
    setVerifying(false);
    if (!ok) setCode('');
  };
  // No provider: a code would only reach the outbox, masked, where no one can read it.
  if (sms?.codes === false) return <NoProvider testId={props.testId} />;
  return (
    <Space wrap>
      <Button
        ref={props.sendRef}
        icon={<MessageOutlined />}
        loading={sending}
        onClick={async () => {
          setSending(true);
          if (await props.onSend()) setSent(true);
          setSending(false);
        }}
        data-testid={`${props.testId}-send`}
      >
        {sent ? t('desk.resendCode') : props.sendLabel}
      </Button>
      {sent && (
        <Space.Compact>
          <Input
            autoFocus
            inputMode="numeric"
            maxLength={6}
            style={{ width: 120 }}
            dir="ltr"
            placeholder={t('desk.code')}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            onPressEnter={() => void verify()}
            data-testid={`${props.testId}-code`}
          />
          <Button
            type="primary"
            disabled={code.length !== 6}
            loading={verifying}
            onClick={() => void verify()}
            data-testid={`${props.testId}-verify`}
          >
            {t('desk.verify')}
          </Button>
        </Space.Compact>
      )}
    </Space>
  );
}

/** Why no code can be sent, and where a provider is set: a link for those who may set it, a name for the others. */
function NoProvider({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayConfigure = useAbility().can('update', 'Settings');
  return (
    <Alert
      type="warning"
      showIcon
      title={t('smsProvider.codesOff')}
      description={
        mayConfigure ? (
          <Typography.Link onClick={() => navigate('/Settings')} data-testid={`${testId}-sms-settings`}>
            {t('smsProvider.setInSettings')}
          </Typography.Link>
        ) : (
          t('smsProvider.askAdministrator')
        )
      }
      data-testid={`${testId}-no-sms`}
    />
  );
}
