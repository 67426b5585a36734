import { useState } from 'react';
import { Button, Select, Space } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { useParentSearchQuery } from '../../api/parents';
import { useAbility } from '../../app/ability';
import { localName } from '../../components/names';
import { useDebounced } from '../../components/useDebounced';
import { ParentForm } from '../../components/parents/ParentForm';
import { Ltr } from '../../components/Ltr';

export type PickedParent = Pick<ResponseOf<'parent/create'>, 'id' | 'name_en' | 'name_ar' | 'mobile'>;

/** Finds the paying parent by mobile, name or ID number as the cashier types; or registers a new family. */
export function ParentPicker({
  value,
  onChange,
}: {
  value: PickedParent | null;
  onChange: (parent: PickedParent | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed.trim());
  const [adding, setAdding] = useState(false);
  const { data: found, isFetching } = useParentSearchQuery(query.length >= 2 ? { query } : skipToken);
  const options = [...(found ?? []), ...(value && !found?.some((p) => p.id === value.id) ? [value] : [])];

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        showSearch
        allowClear
        style={{ width: '100%' }}
        placeholder={t('cart.parentSearch')}
        aria-label={t('cart.parentSearch')}
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
        data-testid="cart-parent"
      />
      {ability.can('create', 'FrontDesk') && (
        <Button icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid="parent-add">
          {t('parents.add')}
        </Button>
      )}
      {adding && (
        <ParentForm
          onClose={() => setAdding(false)}
          onCreated={(parent) => {
            setAdding(false);
            onChange(parent);
          }}
        />
      )}
    </Space.Compact>
  );
}
