import { useEffect } from 'react';
import { Col, Form, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAX_EXCLUDED, TAX_INCLUDED } from '../../../shared/domain/money';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { LookupSelect } from '../ui/lookup-select';

/** Price, VAT rate and whether the price includes VAT: asked the same way for everything sold (one tax-mode reading). */
export function PriceAndTaxFields({ priceTestId }: { priceTestId: string }) {
  const { t } = useTranslation();
  const { data: taxes } = api.useTaxListQuery();
  const form = Form.useFormInstance();
  const required = { required: true, message: t('errors:FIELD_REQUIRED') };
  // A new item takes the first rate, also when the list arrives after the dialog opened.
  useEffect(() => {
    if (taxes?.[0] && form.getFieldValue('tax_id') === undefined) form.setFieldValue('tax_id', taxes[0].id);
  }, [taxes, form]);
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="price" label={t('products.price')} rules={[required]}>
            <InputNumber
              min={0}
              max={10_000_000}
              precision={2}
              step={0.5}
              style={{ width: '100%' }}
              dir="ltr"
              data-testid={priceTestId}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="tax_id" label={t('products.taxRate')} rules={[required]}>
            <LookupSelect items={taxes} allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="included" label={t('products.tax')}>
        <Radio.Group
          options={[
            { value: TAX_INCLUDED, label: t('products.included') },
            { value: TAX_EXCLUDED, label: t('products.excluded') },
          ]}
        />
      </Form.Item>
    </>
  );
}

/** The branch an item is sold in, chosen by an administrator (none: every branch); others sell in their own. */
export function SellingBranchField() {
  const { t } = useTranslation();
  const ability = useAbility();
  const { data: branches } = api.useBranchListQuery();
  if (!ability.can('manage', 'all')) return null;
  return (
    <Form.Item name="branch_id" label={t('employees.branch')} extra={t('products.allBranchesHelp')}>
      <LookupSelect items={branches} />
    </Form.Item>
  );
}
