import { useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { FileZipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExportOutcome } from '../../../shared/ipc';
import { bridge } from '../../bridge';
import { useSavedFile } from '../../components/hooks/use-saved-file';

/**
 * *Export diagnostics*: one zip for a support person (this station's logs, versions, settings, its last
 * failed requests' keys), made in the main process with tokens, codes, passwords and personal data taken out.
 */
export function DiagnosticsCard() {
  const { t } = useTranslation();
  const saved = useSavedFile();
  const [busy, setBusy] = useState(false);
  const exportZip = async () => {
    setBusy(true);
    const outcome = await bridge
      .invoke('pos:diagnostics-export', null)
      .catch((): ExportOutcome => ({ status: 'failed', message: 'SOMETHING_WENT_WRONG' }));
    setBusy(false);
    saved(outcome, 'application/zip');
  };
  return (
    <Card title={t('diagnostics.title')} data-testid="diagnostics-card">
      <Typography.Paragraph type="secondary">{t('diagnostics.help')}</Typography.Paragraph>
      <Button
        icon={<FileZipOutlined />}
        loading={busy}
        onClick={() => void exportZip()}
        data-testid="diagnostics-export"
      >
        {busy ? t('diagnostics.writing') : t('diagnostics.export')}
      </Button>
    </Card>
  );
}
