import { useState } from 'react';
import { Button, Input, Space, Tag } from 'antd';
import { CheckCircleOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useOtpSendMutation, useOtpVerifyMutation } from '../../api/frontDesk';
import { useSubmit } from '../../components/useSubmit';

/** Verifies the parent by a code sent to their mobile (spec 4: approved only on status 'approved'). */
export function OtpCheck({ parent }: { parent: { id: number; mobile: string } }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [send, sending] = useOtpSendMutation();
  const [verify, verifying] = useOtpVerifyMutation();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [approved, setApproved] = useState(false);

  if (approved) {
    return (
      <Tag color="green" icon={<CheckCircleOutlined />} data-testid="otp-approved">
        {t('desk.verified')}
      </Tag>
    );
  }
  const check = async () => {
    const result = await submit(verify({ id: parent.id, mobile: parent.mobile, otp: code }), { success: 'OTP_VERIFICATION_SUCCESS' });
    if (result?.status === 'approved') setApproved(true);
    else setCode('');
  };
  return (
    <Space wrap>
      <Button
        icon={<MessageOutlined />}
        loading={sending.isLoading}
        onClick={async () => {
          if (await submit(send({ id: parent.id, mobile: parent.mobile }))) setSent(true);
        }}
        data-testid="otp-send"
      >
        {sent ? t('desk.resendCode') : t('desk.sendCode')}
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
            onPressEnter={() => code.length === 6 && void check()}
            data-testid="otp-code"
          />
          <Button type="primary" disabled={code.length !== 6} loading={verifying.isLoading} onClick={() => void check()} data-testid="otp-verify">
            {t('desk.verify')}
          </Button>
        </Space.Compact>
      )}
    </Space>
  );
}
