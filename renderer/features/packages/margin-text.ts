import type { TFunction } from 'i18next';
import { marginPlan } from '../../../shared/domain/visit-time';

/** A package's overtime margin in words ("Hour 1: 10 minutes, then 5 minutes each hour after"), with plural minutes. */
export function marginText(t: TFunction, marginMinutes: string): string {
  const { firstHours, thenEach } = marginPlan(marginMinutes);
  const minutes = (count: number) => t('packages.minutes', { count });
  if (firstHours.length === 0)
    return thenEach === 0 ? t('packages.marginNone') : t('packages.marginEach', { minutes: minutes(thenEach) });
  const hours = firstHours.map((m, i) =>
    t(i === 0 ? 'packages.marginFirstHour' : 'packages.marginHour', { hour: i + 1, minutes: minutes(m) }),
  );
  return t('packages.marginThen', { hours: hours.join(t('packages.marginSeparator')), minutes: minutes(thenEach) });
}
