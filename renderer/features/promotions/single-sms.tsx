import { useState } from 'react';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageLanguage, promotionWriter } from '../../../shared/domain/promotion-text';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { useSubmit } from '../../components/hooks/use-submit';
import { ParentSearch, type FoundParent } from '../../components/domain/parents/parent-search';
import { SendButton } from './send-button';
import { MessageBox } from './message-box';
import type { PromotionContext } from './use-promotion-context';

interface Fields {
  mobile?: string;
  message?: string;
}

/** One promotion to a mobile typed or a parent found: stored and sent as a campaign of one. */
export function SingleSms({ context }: { context: PromotionContext }) {
  const { t } = useTranslation();
  const ability = useAbility();
  const submit = useSubmit();
  const [form] = Form.useForm<Fields>();
  const message = Form.useWatch('message', form) ?? '';
  const mobile = Form.useWatch('mobile', form) ?? '';
  const [to, setTo] = useState<'mobile' | 'parent'>('mobile');
  const [parent, setParent] = useState<FoundParent | null>(null);
  const [send, sending] = api.usePromotionSmsMutation();
  const searchable = ability.can('view', 'FrontDesk');
  const toParent = searchable && to === 'parent';
  // The server fills {name} with the parent's name in the message's language.
  const sample =
    parent && toParent ? { name: messageLanguage(message) === 'ar' ? parent.name_ar : parent.name_en } : {};

  // A placeholder this recipient has no value for would only be failed by the server: not sent at all.
  const writable = message.trim() !== '' && promotionWriter(message, context.words)(sample).ok;

  const go = async () => {
    const recipient = toParent && parent ? { parent_id: parent.id } : { mobile };
    const sent = await submit(send({ ...recipient, message, branch_id: context.branchId }), { form });
    if (sent) form.resetFields();
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={() => void go()}
      style={{ maxWidth: 640 }}
      data-testid="promotion-single"
    >
      {searchable && (
        <Form.Item>
          <Radio.Group value={to} onChange={(e) => setTo(e.target.value as 'mobile' | 'parent')}>
            <Radio value="mobile">{t('promotions.single.toMobile')}</Radio>
            <Radio value="parent">{t('promotions.single.toParent')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      {toParent ? (
        <Form.Item label={t('promotions.single.parent')} required>
          <ParentSearch
            value={parent}
            onChange={setParent}
            placeholder={t('promotions.single.parent')}
            notFound={t('cart.noParent')}
            testId="promotion-parent"
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('promotions.single.mobile')} name="mobile" required>
          <Input dir="ltr" inputMode="tel" maxLength={30} data-testid="promotion-mobile" />
        </Form.Item>
      )}
      <Form.Item label={t('promotions.message')} name="message" required>
        <MessageBox words={context.words} sample={sample} />
      </Form.Item>
      <SendButton
        busy={sending.isLoading}
        disabled={!writable || (toParent ? !parent : !mobile.trim())}
        testId="promotion-send-one"
      >
        {t('promotions.send')}
      </SendButton>
    </Form>
  );
}
