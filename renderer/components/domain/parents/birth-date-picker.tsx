import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** Typed as digits from a parent's answer or an ID card, the same in both languages. */
const FORMAT = 'YYYY-MM-DD';

/**
 * A kid's date of birth (optional): what a room's ages are checked against at its door. Typed or
 * picked; no day after today.
 */
export function BirthDatePicker(props: {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      format={FORMAT}
      placeholder={t('kids.birthDate')}
      aria-label={t('kids.birthDate')}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      style={{ width: '100%' }}
      data-testid={props.testId}
    />
  );
}

/** The form's value as the contract's `YYYY-MM-DD`, null when left empty. */
export const birthDay = (value: Dayjs | null | undefined): string | null => value?.format(FORMAT) ?? null;

/** The contract's `YYYY-MM-DD` as the picker's value. */
export const birthDayValue = (day: string | null): Dayjs | null => (day ? dayjs(day) : null);
