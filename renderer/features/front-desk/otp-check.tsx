import { useEffect, useState, type Ref } from 'react';
import { Tag } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/base';
import { maskedMobile } from '../../components/format/mobile';
import { useSubmit } from '../../components/hooks/use-submit';
import { CodeEntry } from '../../components/ui/code-entry';
import { pageLanguage } from '../../i18n';
import { useAppSelector } from '../../store/store';

/**
 * Texts the parent a code, in the page's language (the one the parent is spoken to in at the counter);
 * the toast says where it went (the mobile's ends only), not a bare "done". `branchId`: where the code
 * is asked for, named for an administrator (who has no branch of their own) so that branch's outbox
 * shows the message.
 */
export function useSendCode() {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [send] = api.useOtpSendMutation();
  const ownBranch = useAppSelector((st) => st.auth.user?.branch_id ?? null);
  return async (parent: { id: number; mobile: string }, branchId: number | null) =>
    (await submit(
      send({
        id: parent.id,
        mobile: parent.mobile,
        language: pageLanguage(),
        branch_id: ownBranch === null ? branchId : null,
      }),
      { text: t('desk.codeSent', { mobile: maskedMobile(parent.mobile) }) },
    )) !== null;
}

/**
 * Verifies the parent by a code sent to their mobile (spec 4: approved only on status 'approved').
 * `onApproved`: the code field goes with the approval, so the panel puts the focus on the next step.
 */
export function OtpCheck({
  parent,
  branchId,
  sendRef,
  onApproved,
}: {
  parent: { id: number; mobile: string };
  branchId: number | null;
  sendRef: Ref<HTMLButtonElement>;
  onApproved: () => void;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const sendCode = useSendCode();
  const [verify] = api.useOtpVerifyMutation();
  const [approved, setApproved] = useState(false);
  useEffect(() => {
    if (approved) onApproved();
  }, [approved]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the approval is shown
  if (approved) {
    return (
      <Tag color="green" icon={<CheckCircleOutlined />} data-testid="otp-approved">
        {t('desk.verified')}
      </Tag>
    );
  }
  return (
    <CodeEntry
      sendRef={sendRef}
      testId="otp"
      sendLabel={t('desk.sendCode')}
      onSend={() => sendCode(parent, branchId)}
      onVerify={async (otp) => {
        const result = await submit(verify({ id: parent.id, mobile: parent.mobile, otp }));
        setApproved(result?.status === 'approved');
        return result?.status === 'approved';
      }}
    />
  );
}
