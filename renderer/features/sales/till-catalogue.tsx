import { useRef, useState } from 'react';
import { Alert, Button, Card, Input, List, Tabs, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Package } from '../../../shared/api/packages';
import type { Product } from '../../../shared/api/products';
import { api } from '../../api/base';
import { formatMoney } from '../../components/format/money';
import { localName } from '../../components/format/names';

const matches = (item: { name_en: string; name_ar: string }, q: string) =>
  !q || item.name_en.toLowerCase().includes(q.toLowerCase()) || item.name_ar.includes(q);

/** What the till sells: products in stock (Enter adds the first match, as a scanner does) and packages. */
export function TillCatalogue(props: {
  onProduct: (p: Product) => void;
  onPackage: (p: Package) => void;
  canSellPackages: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const { data: products, isFetching: loadingProducts } = api.useSaleProductListQuery({ getAll: false });
  const { data: packages, isFetching: loadingPackages } = api.useSalePackageListQuery({ getAll: true });
  const shown = (products ?? []).filter((p) => matches(p, q));
  const search = useRef<InputRef>(null);
  // Added by scanner, Enter or its button, the focus is back in the search with the text selected:
  // the next scan replaces it.
  const add = (product: Product | undefined) => {
    if (product) props.onProduct(product);
    search.current?.focus({ cursor: 'all' });
  };

  return (
    <Card size="small">
      <Tabs
        items={[
          {
            key: 'products',
            label: t('cart.products'),
            children: (
              <>
                <Input.Search
                  ref={search}
                  autoFocus
                  allowClear
                  placeholder={t('cart.search')}
                  value={q}
                  onChange={(e) => setQ(e.target.value)}
                  onSearch={() => add(shown[0])}
                  data-testid="cart-search"
                />
                <List
                  loading={loadingProducts}
                  dataSource={shown.slice(0, 50)}
                  locale={{ emptyText: t('products.empty') }}
                  renderItem={(p) => (
                    <List.Item
                      actions={[
                        <Button key="add" size="small" onClick={() => add(p)} data-testid={`cart-add-${p.id}`}>
                          {t('actions.add')}
                        </Button>,
                      ]}
                    >
                      <List.Item.Meta
                        title={localName(p, i18n.language)}
                        description={`${formatMoney(p.price, i18n.language)} · ${t('products.stock')}: ${p.stock}`}
                      />
                    </List.Item>
                  )}
                />
              </>
            ),
          },
          {
            key: 'packages',
            label: <span data-testid="cart-tab-packages">{t('features.Packages')}</span>,
            children: (
              <>
                {!props.canSellPackages && (
                  <Alert type="info" showIcon title={t('cart.packagesNeedParent')} style={{ marginBottom: 8 }} />
                )}
                <List
                  loading={loadingPackages}
                  dataSource={packages ?? []}
                  locale={{ emptyText: t('packages.empty') }}
                  renderItem={(p) => (
                    <List.Item
                      actions={[
                        <Button
                          key="add"
                          size="small"
                          disabled={!props.canSellPackages}
                          onClick={() => props.onPackage(p)}
                          data-testid={`cart-package-${p.id}`}
                        >
                          {t('actions.add')}
                        </Button>,
                      ]}
                    >
                      <List.Item.Meta
                        title={localName(p, i18n.language)}
                        description={`${formatMoney(p.price, i18n.language)} · ${t('packages.days', { count: p.validity_days })} · ${t('packages.hours', { count: p.daily_limits })}`}
                      />
                    </List.Item>
                  )}
                />
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
