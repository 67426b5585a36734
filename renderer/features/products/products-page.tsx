import { useState } from 'react';
import { Button, Form, InputNumber, Table, Tag } from 'antd';
import { Dialog } from '../../components/ui/dialog';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../shared/api/products';
import { PRODUCT_LIST_PAGING } from '../../../shared/domain/constants';
import { TAX_INCLUDED } from '../../../shared/domain/money';
import { api } from '../../api/base';
import { useAbility } from '../../store/ability';
import { ListHeader, usePaging } from '../../components/ui/list-screen';
import { PriceAndTaxFields, SellingBranchField } from '../../components/domain/sellable-fields';
import { NameFields } from '../../components/ui/name-fields';
import { localName } from '../../components/format/names';
import { toMajor, toMinor } from '../../components/format/money';
import { useSubmit } from '../../components/hooks/use-submit';
import { FormModal } from '../../components/ui/form-modal';
import { RowActions } from '../../components/ui/row-actions';
import { ImportProducts } from './import-products';
import { catalogueColumns } from '../../components/domain/catalogue-columns';

export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const list = usePaging(PRODUCT_LIST_PAGING);
  const { data, isFetching } = api.useProductPageListQuery(list.query);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [stocking, setStocking] = useState<Product | null>(null);
  const [remove] = api.useProductDeleteMutation();
  const submit = useSubmit();

  return (
    <div data-testid="products-page">
      <ListHeader
        title={t('features.Products')}
        searchPlaceholder={t('actions.search')}
        onSearch={list.search}
        add={
          ability.can('create', 'Products') && {
            label: t('products.add'),
            testId: 'product-add',
            onClick: () => setEditing('new'),
          }
        }
        extra={ability.can('create', 'Products') && <ImportProducts />}
      />
      <Table<Product>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.rows}
        locale={{ emptyText: t('products.empty') }}
        pagination={list.pagination(data?.total)}
        columns={[
          ...catalogueColumns<Product>(t, i18n.language, 'product', ability.can('update', 'Products')),
          {
            title: t('products.tax'),
            dataIndex: 'included',
            render: (v: number) => (v === TAX_INCLUDED ? t('products.included') : t('products.excluded')),
          },
          {
            title: t('products.stock'),
            dataIndex: 'stock',
            render: (v: number) => (v > 0 ? v : <Tag color="red">{t('products.outOfStock')}</Tag>),
          },
          {
            title: t('actions.title'),
            width: 150,
            render: (_, p) => (
              <RowActions
                onEdit={ability.can('update', 'Products') ? () => setEditing(p) : undefined}
                onDelete={ability.can('delete', 'Products') ? () => submit(remove({ id: p.id })) : undefined}
                confirmDelete={t('products.confirmDelete', { name: localName(p, i18n.language) })}
                extra={
                  ability.can('update', 'Products') && (
                    <Button
                      size="small"
                      icon={<InboxOutlined />}
                      aria-label={t('products.addStock')}
                      onClick={() => setStocking(p)}
                      data-testid="product-stock"
                    />
                  )
                }
              />
            ),
          },
        ]}
      />
      {editing && <ProductForm product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {stocking && <AddStock product={stocking} onClose={() => setStocking(null)} />}
    </div>
  );
}

type FormValues = {
  name_en: string;
  name_ar: string;
  price: number;
  tax_id: number;
  included: 1 | 2;
  branch_id: number | null;
};

function ProductForm({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [create, creating] = api.useProductCreateMutation();
  const [update, updating] = api.useProductUpdateMutation();
  const submit = useSubmit();
  const save = async ({ price, ...values }: FormValues) => {
    const body = { ...values, price: toMinor(price) };
    if (await submit(product ? update({ ...body, id: product.id }) : create(body), { form })) onClose();
  };
  return (
    <FormModal
      form={form}
      title={product ? t('products.edit') : t('products.add')}
      pending={creating.isLoading || updating.isLoading}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="product-form"
        initialValues={product ? { ...product, price: toMajor(product.price) } : { included: TAX_INCLUDED }}
        onFinish={(v) => void save(v)}
      >
        <NameFields />
        <PriceAndTaxFields priceTestId="product-price" />
        <SellingBranchField />
      </Form>
    </FormModal>
  );
}

function AddStock({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ qty: number }>();
  const [add, adding] = api.useProductAddStockMutation();
  const submit = useSubmit();
  return (
    <Dialog
      open
      title={t('products.addStockTo', { name: localName(product, i18n.language) })}
      okText={t('products.addStock')}
      cancelText={t('actions.cancel')}
      confirmLoading={adding.isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ qty }) => (await submit(add({ id: product.id, qty }), { form })) && onClose()}
      >
        <Form.Item
          name="qty"
          label={t('products.received')}
          rules={[{ required: true, message: t('errors:FIELD_REQUIRED') }]}
        >
          <InputNumber
            min={1}
            max={100_000}
            precision={0}
            autoFocus
            style={{ width: '100%' }}
            data-testid="stock-qty"
          />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
