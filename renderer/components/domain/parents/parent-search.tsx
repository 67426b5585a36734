import { useState } from 'react';
import { Select } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../../shared/api/catalogue';
import { api } from '../../../api/base';
import { localName } from '../../format/names';
import { useDebounced } from '../../hooks/use-debounced';
import { Ltr } from '../../ui/ltr';

export type FoundParent = ResponseOf<'parent/search'>[number];
type Shown = Pick<FoundParent, 'id' | 'name_en' | 'name_ar' | 'mobile'>;

/** A parent found by mobile, name or ID number as it is typed (the till's payer, a promotion's recipient). */
export function ParentSearch<P extends Shown>(props: {
  value: P | null;
  onChange: (parent: FoundParent | P | null) => void;
  placeholder: string;
  notFound: string;
  testId: string;
}) {
  const { value, onChange } = props;
  const { i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed.trim());
  const { data: found, isFetching } = api.useParentSearchQuery(query.length >= 2 ? { query } : skipToken);
  const options: (FoundParent | P)[] = [
    ...(found ?? []),
    ...(value && !found?.some((p) => p.id === value.id) ? [value] : []),
  ];
  return (
    <Select
      showSearch
      allowClear
      style={{ width: '100%' }}
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      filterOption={false}
      onSearch={setTyped}
      loading={isFetching}
      value={value?.id}
      notFoundContent={query.length >= 2 && !isFetching ? props.notFound : null}
      onChange={(id?: number) => onChange(options.find((p) => p.id === id) ?? null)}
      options={options.map((p) => ({
        value: p.id,
        label: (
          <>
            {localName(p, i18n.language)} · <Ltr>{p.mobile}</Ltr>
          </>
        ),
      }))}
      data-testid={props.testId}
    />
  );
}
