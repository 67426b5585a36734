import { useState } from 'react';
import { Alert, Button, Input, Space } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { api } from '../../api/base';
import type { ApiFailure } from '../../../shared/api/envelope';
import { useNotify } from '../../components/hooks/use-notify';
import { pageLanguage } from '../../i18n';

type Outcome = ResponseOf<'settings/sms/test'>;

/** What the provider said, in words: accepted, or its refusal with the HTTP status and the start of its answer. */
function outcomeText(t: (key: string, values?: Record<string, unknown>) => string, o: Outcome): string {
  if (o.outcome !== 'refused') return t(`smsProvider.test.${o.outcome}`);
  const status = [o.http_status, o.error_code].filter((x) => x !== null).join(' ');
  return t('smsProvider.test.refused', { status: status || '—' });
}

/** Sends a test message through the saved provider to a number the administrator types. */
export function SmsTestForm() {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [test, { isLoading }] = api.useSmsProviderTestMutation();
  const notify = useNotify();
  // The provider's answer, refusal included, is shown beside the button; a toast only for a number refused here.
  const send = async () => {
    setOutcome(null);
    const result = await test({ mobile, language: pageLanguage() });
    if ('error' in result) notify.error((result.error as Partial<ApiFailure>).message);
    else setOutcome(result.data.data);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space.Compact>
        <Input
          dir="ltr"
          inputMode="tel"
          style={{ width: 200 }}
          placeholder={t('smsProvider.test.mobile')}
          aria-label={t('smsProvider.test.mobile')}
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          onPressEnter={() => void send()}
          data-testid="sms-test-mobile"
        />
        <Button icon={<SendOutlined />} loading={isLoading} onClick={() => void send()} data-testid="sms-test-send">
          {t('smsProvider.test.send')}
        </Button>
      </Space.Compact>
      {outcome && (
        <Alert
          type={outcome.outcome === 'accepted' ? 'success' : outcome.outcome === 'refused' ? 'error' : 'warning'}
          showIcon
          title={outcomeText(t, outcome)}
          description={outcome.answer ? <code dir="ltr">{outcome.answer}</code> : undefined}
          data-testid="sms-test-outcome"
        />
      )}
    </Space>
  );
}
