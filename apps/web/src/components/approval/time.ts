import { formatDuration, formatDwellTime, type DurationLabels } from '@eip/contracts/utils';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A server time as the user reads it. */
export const formatTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '';

/** Duration and dwell-time displays (spec §9) in the user's language. */
export function useDurations() {
  const { t, i18n } = useTranslation();
  const labels: DurationLabels = {
    days: (count) => t('approval.duration.days', { count }),
    hours: (count) => t('approval.duration.hours', { count }),
    minutes: (count) => t('approval.duration.minutes', { count }),
    seconds: (count) => t('approval.duration.seconds', { count }),
    separator: i18n.language.startsWith('en') ? ' ' : '',
    lessThanOneMinute: t('approval.duration.lessThanOneMinute'),
  };
  return {
    duration: (ms: number) => formatDuration(ms, labels),
    dwell: (ms: number) => formatDwellTime(ms, labels),
  };
}
