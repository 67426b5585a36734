import { useState } from 'react';
import { Button, Form, InputNumber, Popconfirm, Space, Table } from 'antd';
import { Dialog } from '../../components/ui/dialog';
import { PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '../../../shared/api/subscriptions';
import type { SubscriptionStatus } from '../../../shared/domain/subscription';
import { MAX_FREEZE_DAYS } from '../../../shared/domain/subscription';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { localName } from '../../components/format/names';
import { useSubmit } from '../../components/hooks/use-submit';
import { formatDay } from '../../components/format/dates';
import { SubscriptionStatusTag } from '../../components/domain/subscriptions/subscription-status-tag';
import { Ltr } from '../../components/ui/ltr';

/** Every kid's subscriptions, newest first: freeze for a holiday, resume early, or cancel. */
export function SubscriptionsPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = usePaging({ page: 1, perPage: 10 });
  const { data, isFetching } = api.useSubscriptionPageListQuery(list.query);
  const [freezing, setFreezing] = useState<Subscription | null>(null);
  const [resume] = api.useSubscriptionFreezeMutation();
  const [cancel] = api.useSubscriptionDeleteMutation();
  const submit = useSubmit();

  return (
    <div data-testid="subscriptions-page">
      <ListHeader
        title={t('features.Subscriptions')}
        searchPlaceholder={t('subscriptions.search')}
        onSearch={list.search}
      />
      <Table<Subscription>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('subscriptions.empty') }}
        pagination={list.pagination(data?.total)}
        columns={[
          {
            title: t('subscriptions.kid'),
            render: (_, s) => localName({ name_en: s.kid_name_en, name_ar: s.kid_name_ar }, i18n.language),
          },
          { title: t('subscriptions.package'), render: (_, s) => localName(s, i18n.language) },
          { title: t('invoices.number'), dataIndex: 'invoice_no', render: (v: number) => <Ltr>#{v}</Ltr> },
          {
            title: t('invoices.status'),
            dataIndex: 'status',
            render: (v: SubscriptionStatus, s) => (
              <SubscriptionStatusTag status={v} data-testid={`subscription-status-${s.id}`} />
            ),
          },
          {
            title: t('subscriptions.period'),
            render: (_, s) =>
              t('subscriptions.fromTo', {
                start: formatDay(s.start_date, i18n.language),
                end: formatDay(s.end_date, i18n.language),
              }),
          },
          {
            title: t('actions.title'),
            render: (_, s) => (
              <Space>
                {ability.can('update', 'Subscriptions') && s.status === 'ACTIVE' && (
                  <Button
                    size="small"
                    icon={<PauseCircleOutlined />}
                    onClick={() => setFreezing(s)}
                    data-testid={`subscription-freeze-${s.id}`}
                  >
                    {t('subscriptions.freeze')}
                  </Button>
                )}
                {ability.can('update', 'Subscriptions') && s.status === 'FREEZED' && (
                  <Button
                    size="small"
                    icon={<PlayCircleOutlined />}
                    onClick={() => void submit(resume({ id: s.id, freeze_days: null }))}
                    data-testid={`subscription-resume-${s.id}`}
                  >
                    {t('subscriptions.resume')}
                  </Button>
                )}
                {ability.can('delete', 'Subscriptions') &&
                  (s.status === 'ACTIVE' || s.status === 'WAITING' || s.status === 'FREEZED') && (
                    <Popconfirm
                      title={t('subscriptions.confirmCancel', {
                        kid: localName({ name_en: s.kid_name_en, name_ar: s.kid_name_ar }, i18n.language),
                      })}
                      description={t('subscriptions.cancelHelp')}
                      okText={t('subscriptions.cancel')}
                      cancelText={t('actions.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => submit(cancel({ id: s.id }))}
                    >
                      <Button size="small" danger icon={<StopOutlined />} aria-label={t('subscriptions.cancel')} />
                    </Popconfirm>
                  )}
              </Space>
            ),
          },
        ]}
      />
      {freezing && <FreezeDialog subscription={freezing} onClose={() => setFreezing(null)} />}
    </div>
  );
}

function FreezeDialog({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ freeze_days: number }>();
  const [freeze, freezing] = api.useSubscriptionFreezeMutation();
  const submit = useSubmit();
  return (
    <Dialog
      open
      title={t('subscriptions.freezeTitle', {
        kid: localName({ name_en: subscription.kid_name_en, name_ar: subscription.kid_name_ar }, i18n.language),
      })}
      okText={t('subscriptions.freeze')}
      cancelText={t('actions.cancel')}
      confirmLoading={freezing.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ freeze_days: 7 }}
        onFinish={async (v) => {
          if (await submit(freeze({ id: subscription.id, freeze_days: v.freeze_days }), { form })) onClose();
        }}
      >
        <Form.Item
          name="freeze_days"
          label={t('subscriptions.freezeDays')}
          extra={t('subscriptions.freezeHelp')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: 1,
              max: MAX_FREEZE_DAYS,
              message: t('errors:FREEZE_DAYS_NOT_VALID'),
            },
          ]}
        >
          <InputNumber
            min={1}
            max={MAX_FREEZE_DAYS}
            precision={0}
            autoFocus
            style={{ width: '100%' }}
            data-testid="freeze-days"
          />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
