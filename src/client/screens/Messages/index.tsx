/** Messages: an expandable list; opening an unread message marks it read. */
import { useEffect } from 'react';
import { ListState } from '../../components/ListState.tsx';
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../router/routes.ts';
import type { WireMessage } from '../../../shared/wire-account.ts';
import { formatDate } from '../../lib/format.ts';
import { isUnread } from '../../lib/members.ts';
import { locale, t } from '../../state/i18n.ts';
import { expandedMessage, loadMessages, messages, messagesStatus, readIds, toggleMessage, unread } from '../../state/messages.ts';
import { SubPage } from '../../components/SubPage.tsx';

function MessageItem({ message, fresh }: { message: WireMessage; fresh: boolean }) {
  useSignals();
  const open = expandedMessage.value === message.id;
  const panel = `message-${message.id}`;
  return (
    <li className={fresh ? 'message unread' : 'message'}>
      <h2 className="message-heading">
        <button
          type="button"
          className="message-toggle"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => toggleMessage(message.id)}
        >
          {fresh && <span className="unread-dot" aria-label={t('messages.new')} role="img" />}
          <span className="message-title">{message.title}</span>
          <span className="message-date">{formatDate(message.date, locale.value)}</span>
        </button>
      </h2>
      {/* The server sanitizes message HTML on write. */}
      {/* message HTML is sanitized by the server on write (src/server/repos/messages.ts, sanitize-html), so it carries no script. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see above */}
      {open && <div id={panel} className="message-content" dangerouslySetInnerHTML={{ __html: message.content }} />}
    </li>
  );
}

export default function Messages(_props: ScreenProps) {
  useSignals();
  useEffect(() => void loadMessages(), []);
  const status = messagesStatus.value;
  const list = messages.value;
  const read = new Set(readIds.value);
  const now = new Date();
  return (
    <SubPage title={t('messages.title')}>
      <p className="status-line" aria-live="polite">
        {status === 'fulfilled' && list.length > 0 ? t('messages.unreadCount', { count: unread.value }) : ''}
      </p>
      <ListState
        status={status}
        empty={list.length === 0}
        skeletons={3}
        skeletonClass="message-skeleton"
        failedText={t('messages.failed')}
        emptyText={t('messages.empty')}
        onRetry={() => void loadMessages()}
      >
        <ul className="message-list">
          {list.map((m) => (
            <MessageItem key={m.id} message={m} fresh={isUnread(m, read, now)} />
          ))}
        </ul>
      </ListState>
    </SubPage>
  );
}
