import { Button, Tag } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Every Settings card's own Save: what it saves is that card's fields, nothing else on the page. */
export function CardSave(props: { busy: boolean; disabled?: boolean; onSave: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      type="primary"
      icon={<SaveOutlined />}
      loading={props.busy}
      disabled={props.disabled}
      onClick={props.onSave}
      data-testid={props.testId}
    >
      {t('actions.save')}
    </Button>
  );
}

/** Beside a card's title while its fields differ from what is saved. */
export function Unsaved() {
  const { t } = useTranslation();
  return (
    <Tag color="orange" data-testid="card-unsaved">
      {t('settings.unsaved')}
    </Tag>
  );
}
