import type { TFunction } from 'i18next';
import type { DimensionValue, ReportDimension } from '../../../shared/api/reports';
import { formatDay } from '../../components/format/dates';
import { localName } from '../../components/format/names';

/** How a report row's key reads: a day, week or month in the language's calendar, a payment kind, or a name. */
export function dimensionLabel(t: TFunction, lang: string, dimension: ReportDimension, value: DimensionValue): string {
  switch (dimension) {
    case 'day':
      return formatDay(value.key, lang);
    case 'week':
      return t('reports.weekOf', { day: formatDay(value.key, lang) });
    case 'month':
      return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${value.key}T00:00:00Z`));
    case 'payment':
      return t(`reports.payments.${value.key}`);
    default:
      if (value.key === 'none') return t(`reports.none.${dimension}`);
      return value.name_en !== null && value.name_ar !== null
        ? localName({ name_en: value.name_en, name_ar: value.name_ar }, lang)
        : value.key;
  }
}
