import type { ReactNode } from 'react';
import type { FormInstance } from 'antd';
import { Dialog } from './dialog';
import { useTranslation } from 'react-i18next';

/** A create/edit dialog: Save submits its form and shows the request's pending state; Cancel closes. */
export function FormModal(props: {
  title: string;
  form: FormInstance;
  pending: boolean;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      width={props.width}
      title={props.title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={props.pending}
      onOk={() => props.form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {props.children}
    </Dialog>
  );
}
