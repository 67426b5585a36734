import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_SECONDS } from '../../../shared/domain/constants';
import { messageText } from '../../i18n/message';
import { useNotifications } from '../ui/notifications';

/** Toasts as the spec sets them: top right, 2 seconds, no progress bar, always a translated key. */
export function useNotify() {
  const notification = useNotifications();
  const { t } = useTranslation();
  const show = (kind: 'success' | 'error' | 'warning', title: string) =>
    notification[kind]({
      title,
      placement: 'topRight',
      duration: TOAST_DURATION_SECONDS,
      showProgress: false,
    });
  return {
    success: (key: string | undefined) => show('success', messageText(t, key)),
    error: (key: string | undefined) => show('error', messageText(t, key)),
    /** Done, but not as it should be (a text message the SMS service did not confirm). */
    warning: (key: string | undefined) => show('warning', messageText(t, key)),
    /** Text the page has already translated: what was done with its details, or why an action cannot run now. */
    done: (text: string) => show('success', text),
    why: (text: string) => show('warning', text),
  };
}
