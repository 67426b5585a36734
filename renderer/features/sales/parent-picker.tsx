import { useState } from 'react';
import { Button, Space } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { useAbility } from '../../store/ability';
import { ParentForm } from '../../components/domain/parents/parent-form';
import { ParentSearch } from '../../components/domain/parents/parent-search';

export type PickedParent = Pick<ResponseOf<'parent/create'>, 'id' | 'name_en' | 'name_ar' | 'mobile'>;

/** Finds the paying parent by mobile, name or ID number as the cashier types; or registers a new family. */
export function ParentPicker({
  value,
  onChange,
}: {
  value: PickedParent | null;
  onChange: (parent: PickedParent | null) => void;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const [adding, setAdding] = useState(false);

  return (
    <Space.Compact style={{ width: '100%' }}>
      <ParentSearch
        value={value}
        onChange={onChange}
        placeholder={t('cart.parentSearch')}
        notFound={t('cart.noParent')}
        testId="cart-parent"
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
