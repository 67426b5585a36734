import { CheckOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatState } from '../../../../shared/domain/chat';

/** One's own message's state (spec 4): a clock while pending, one tick once stored, two once delivered. */
export function MessageState({ state }: { state: ChatState }) {
  const { t } = useTranslation();
  return (
    <span
      role="img"
      aria-label={t(`chat.state.${state}`)}
      title={t(`chat.state.${state}`)}
      className={`pd-chat-state pd-chat-state-${state}`}
      data-testid="chat-state"
      data-state={state}
    >
      {state === 'pending' ? (
        <ClockCircleOutlined aria-hidden />
      ) : (
        <>
          <CheckOutlined aria-hidden />
          {state === 'delivered' && <CheckOutlined aria-hidden className="pd-chat-second-tick" />}
        </>
      )}
    </span>
  );
}
