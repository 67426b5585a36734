import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { localName } from '../format/names';

type Item = { id: number; name_en: string; name_ar: string };

/** A select over a lookup list, labelled in the current language and searchable. */
export function LookupSelect({
  items,
  loading,
  ...props
}: { items: Item[] | undefined; loading?: boolean } & Omit<SelectProps<number>, 'options'>) {
  const { i18n } = useTranslation();
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={(items ?? []).map((item) => ({ value: item.id, label: localName(item, i18n.language) }))}
      {...props}
    />
  );
}
