import { Alert, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_PROMOTION_MESSAGE } from '../../../shared/domain/promotion';
import {
  campaignSegments,
  promotionWriter,
  templateProblems,
  type OptOutWords,
  type PromotionRow,
} from '../../../shared/domain/promotion-text';
import { smsSegments } from '../../../shared/domain/sms-segments';
import { Ltr } from '../../components/ui/ltr';

/**
 * The message as typed, with what it costs as the gateway counts it: the text one recipient (`sample`)
 * is sent, opt-out words included, and for a campaign (`rows`) the whole campaign's SMS.
 */
export function MessageBox({
  value = '',
  onChange,
  words,
  sample,
  sampleRow,
  rows,
}: {
  /** Given by the form item it sits in. */
  value?: string;
  onChange?: (value: string) => void;
  words: OptOutWords;
  sample: PromotionRow;
  /** The file's row the sample is, said beside its count: each row's names change what it costs. */
  sampleRow?: number;
  rows?: readonly PromotionRow[];
}) {
  const { t } = useTranslation();
  const problems = templateProblems(value);
  const written = value.trim() ? promotionWriter(value, words)(sample) : null;
  const count = written?.ok ? smsSegments(written.text) : null;
  const total = rows && value.trim() && problems.length === 0 ? campaignSegments(value, rows, words) : null;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        rows={4}
        maxLength={MAX_PROMOTION_MESSAGE}
        // Empty, it keeps the screen's direction, so the hint reads in the screen's language.
        dir={value ? 'auto' : undefined}
        aria-label={t('promotions.message')}
        placeholder={t('promotions.messageHint')}
        data-testid="promotion-message"
      />
      {problems.map((p, i) => (
        <Alert
          key={i}
          type="error"
          showIcon
          data-testid="template-problem"
          title={t(`promotions.template.${p.problem}`, { placeholder: 'placeholder' in p ? `{${p.placeholder}}` : '' })}
        />
      ))}
      {written && !written.ok && problems.length === 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="template-problem"
          title={t(`promotions.template.${written.reason}`, {
            placeholder: 'placeholder' in written ? `{${written.placeholder}}` : '',
          })}
        />
      )}
      {count && (
        <Figures
          testId="message-count"
          figures={[
            ...(sampleRow === undefined ? [] : [['sampleRow', sampleRow] as const]),
            ['units', count.units],
            ['encoding', count.encoding],
            ['segments', count.segments],
            ['left', count.left],
          ]}
        />
      )}
      {total && (
        <Figures
          testId="campaign-total"
          strong
          figures={[
            ['messages', total.messages],
            ['total', total.segments],
            ...(total.unsendable > 0 ? [['unsendable', total.unsendable] as const] : []),
          ]}
        />
      )}
    </Space>
  );
}

/** Labelled figures on one line; each figure kept left to right inside Arabic text. */
function Figures({
  figures,
  testId,
  strong,
}: {
  figures: readonly (readonly [string, string | number])[];
  testId: string;
  strong?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Typography.Text type={strong ? undefined : 'secondary'} strong={strong} data-testid={testId}>
      {figures.map(([label, figure], i) => (
        <span key={label}>
          {i > 0 && ' · '}
          {t(`promotions.count.${label}`)} <Ltr>{figure}</Ltr>
        </span>
      ))}
    </Typography.Text>
  );
}
