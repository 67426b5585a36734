import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { ItemImage } from '../ui/item-image';
import { formatMoney } from '../format/money';
import { localName } from '../format/names';

type Sellable = { id: number; image: string; name_en: string; name_ar: string; price: number };

/** The first columns of every list of things sold (products, packages): the picture with the name, and the price. */
export function catalogueColumns<T extends Sellable>(
  t: TFunction,
  language: string,
  folder: 'product' | 'package',
  editable: boolean,
): ColumnsType<T> {
  return [
    {
      title: t('fields.name'),
      render: (_, item) => (
        <Space>
          <ItemImage image={item.image} folder={folder} ownerId={item.id} editable={editable} />
          {localName(item, language)}
        </Space>
      ),
    },
    { title: t('products.price'), dataIndex: 'price', render: (v: number) => formatMoney(v, language) },
  ];
}
