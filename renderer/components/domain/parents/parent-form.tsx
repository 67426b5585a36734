import { Button, Col, Divider, Form, Input, Row } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../../shared/api/catalogue';
import { api } from '../../../api/base';
import { FormModal } from '../../ui/form-modal';
import { NameFields } from '../../ui/name-fields';
import { useSubmit } from '../../hooks/use-submit';
import { BirthDatePicker, birthDay } from './birth-date-picker';

type Values = {
  name_en: string;
  name_ar: string;
  mobile: string;
  kids: { name_en: string; name_ar: string; birth_date?: Dayjs | null }[];
};
type CreatedParent = ResponseOf<'parent/create'> & { kids: ResponseOf<'kid/create'>[] };

/** Registers a parent and their kids in one dialog, as the counter does when a new family arrives. */
export function ParentForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (parent: CreatedParent) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [createParent, creating] = api.useParentCreateMutation();
  const [createKid, creatingKid] = api.useKidCreateMutation();
  const submit = useSubmit();
  const required = { required: true, whitespace: true, message: t('errors:FIELD_REQUIRED') };

  const save = async ({ kids, ...parent }: Values) => {
    const made = await submit(createParent(parent), { form });
    if (!made) return;
    const created: CreatedParent = { ...made, kids: [] };
    for (const { birth_date, ...kid } of kids ?? []) {
      const madeKid = await submit(createKid({ ...kid, birth_date: birthDay(birth_date), parent_id: made.id }));
      if (madeKid) created.kids.push(madeKid);
    }
    onCreated(created);
  };

  return (
    <FormModal
      form={form}
      title={t('parents.add')}
      pending={creating.isLoading || creatingKid.isLoading}
      onClose={onClose}
      width={680}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="parent-form"
        initialValues={{ kids: [{ name_en: '', name_ar: '' }] }}
        onFinish={(v) => void save(v)}
      >
        <NameFields autoFocus />
        <Form.Item name="mobile" label={t('fields.mobile')} rules={[required]}>
          <Input dir="ltr" inputMode="tel" maxLength={20} data-testid="parent-mobile" />
        </Form.Item>
        <Divider plain>{t('parents.kids')}</Divider>
        <Form.List name="kids">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Row key={field.key} gutter={8} align="top" wrap={false}>
                  <Col flex="1 1 0" style={{ minWidth: 0 }}>
                    <Form.Item name={[field.name, 'name_en']} rules={[required]}>
                      <Input
                        dir="ltr"
                        placeholder={t('fields.nameEn')}
                        maxLength={120}
                        data-testid={`kid-${i}-name-en`}
                      />
                    </Form.Item>
                  </Col>
                  <Col flex="1 1 0" style={{ minWidth: 0 }}>
                    <Form.Item name={[field.name, 'name_ar']} rules={[required]}>
                      <Input
                        dir="rtl"
                        placeholder={t('fields.nameAr')}
                        maxLength={120}
                        data-testid={`kid-${i}-name-ar`}
                      />
                    </Form.Item>
                  </Col>
                  <Col flex="150px">
                    <Form.Item name={[field.name, 'birth_date']}>
                      <BirthDatePicker testId={`kid-${i}-birth-date`} />
                    </Form.Item>
                  </Col>
                  <Col flex="32px">
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t('parents.removeKid')}
                      onClick={() => remove(field.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() => add({ name_en: '', name_ar: '' })}
                data-testid="kid-add"
              >
                {t('parents.addKid')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </FormModal>
  );
}
