import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../i18n/message';

/**
 * Why a read a screen shows was refused, in words, where its table would stand empty: a station cut
 * from its server answers NEEDS_SERVER for what only the server knows (reports), and an empty table
 * would read as "nothing happened".
 */
export function ReadRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const key = typeof error === 'object' && 'message' in error ? String(error.message) : null;
  return (
    <Alert type="error" showIcon style={{ marginBottom: 16 }} title={messageText(t, key)} data-testid="read-refusal" />
  );
}
