import { useState } from 'react';
import { Select } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { useParentSearchQuery } from '../../api/parents';
import { localName } from '../../components/names';
import { useDebounced } from '../../components/useDebounced';
import { Ltr } from '../../components/Ltr';

export type FoundParent = ResponseOf<'parent/search'>[number];

/** A parent found by mobile, name or ID number as the manager types. */
export function ParentSearch({
  value,
  onChange,
}: {
  value: FoundParent | null;
  onChange: (p: FoundParent | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed.trim());
  const { data: found, isFetching } = useParentSearchQuery(query.length >= 2 ? { query } : skipToken);
  const options = [...(found ?? []), ...(value && !found?.some((p) => p.id === value.id) ? [value] : [])];
  return (
    <Select
      showSearch
      allowClear
      style={{ width: '100%' }}
      placeholder={t('promotions.single.parent')}
      aria-label={t('promotions.single.parent')}
      filterOption={false}
      onSearch={setTyped}
      loading={isFetching}
      value={value?.id}
      notFoundContent={query.length >= 2 && !isFetching ? t('cart.noParent') : null}
      onChange={(id?: number) => onChange(options.find((p) => p.id === id) ?? null)}
      options={options.map((p) => ({
        value: p.id,
        label: (
          <>
            {localName(p, i18n.language)} · <Ltr>{p.mobile}</Ltr>
          </>
        ),
      }))}
      data-testid="promotion-parent"
    />
  );
}
