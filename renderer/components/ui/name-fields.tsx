import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The English and Arabic name every named thing has, each typed in its own direction. `autoFocus`: a
 * dialog that opens on them (not on its close button, where a typed space would close it).
 */
export function NameFields({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const rule = { required: true, whitespace: true, message: t('errors:FIELD_REQUIRED') };
  return (
    <>
      <Form.Item name="name_en" label={t('fields.nameEn')} rules={[rule]}>
        <Input dir="ltr" data-testid="name-en" maxLength={120} autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item name="name_ar" label={t('fields.nameAr')} rules={[rule]}>
        <Input dir="rtl" data-testid="name-ar" maxLength={120} />
      </Form.Item>
    </>
  );
}
