import { useState } from 'react';
import { Tag } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useOtpSendMutation, useOtpVerifyMutation } from '../../api/frontdesk';
import { maskedMobile } from '../../components/mobile';
import { useSubmit } from '../../components/useSubmit';
import { CodeEntry } from '../../components/CodeEntry';
import { pageLanguage } from '../../i18n';

/**
 * Texts the parent a code, in the page's language (the one the parent is spoken to in at the counter);
 * the toast says where it went (the mobile's ends only), not a bare "done".
 */
export function useSendCode() {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [send] = useOtpSendMutation();
  return async (parent: { id: number; mobile: string }) =>
    (await submit(send({ id: parent.id, mobile: parent.mobile, language: pageLanguage() }), {
      success: { text: t('desk.codeSent', { mobile: maskedMobile(parent.mobile) }) },
    })) !== null;
}

/** Verifies the parent by a code sent to their mobile (spec 4: approved only on status 'approved'). */
export function OtpCheck({ parent }: { parent: { id: number; mobile: string } }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const sendCode = useSendCode();
  const [verify] = useOtpVerifyMutation();
  const [approved, setApproved] = useState(false);
  if (approved) {
    return (
      <Tag color="green" icon={<CheckCircleOutlined />} data-testid="otp-approved">
        {t('desk.verified')}
      </Tag>
    );
  }
  return (
    <CodeEntry
      testId="otp"
      sendLabel={t('desk.sendCode')}
      onSend={() => sendCode(parent)}
      onVerify={async (otp) => {
        const result = await submit(verify({ id: parent.id, mobile: parent.mobile, otp }), {
          success: 'OTP_VERIFICATION_SUCCESS',
        });
        setApproved(result?.status === 'approved');
        return result?.status === 'approved';
      }}
    />
  );
}
