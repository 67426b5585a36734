import type { ReactNode } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * A row's edit and delete buttons; deleting asks first and shows its pending state while it runs
 * (onDelete's promise). Each shows only when given (the user may).
 */
export function RowActions(props: {
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
  confirmDelete: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      {props.onEdit && (
        <Button size="small" icon={<EditOutlined />} aria-label={t('actions.edit')} onClick={props.onEdit} />
      )}
      {props.extra}
      {props.onDelete && (
        <Popconfirm
          title={props.confirmDelete}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={props.onDelete}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
        </Popconfirm>
      )}
    </Space>
  );
}
