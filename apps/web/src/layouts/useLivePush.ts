import type { PushList } from '@eip/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notification } from 'antd';
import { createElement, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../api/auth';
import { sharedPush, type PushEvent } from '../api/push';
import { mailKeys } from '../pages/mail/shared/keys';
import { messageKeys } from '../pages/personal/message/keys';
import { useSession } from '../stores/session';

/** The home page's columns (the todo card, the inner messages column, ...): see pages/home/data.ts. */
const HOME_COLUMNS = ['home', 'column'];
/**
 * The queries a `refresh` hint asks for again, by list (the keys of the message page and of the approval
 * centre's lists, pages/matter/shared/queries.ts), written out so that the shell does not load those pages.
 */
const LIST_QUERIES: Record<PushList, QueryKey[]> = {
  messages: [messageKeys.all, HOME_COLUMNS],
  todo: [['approval', 'list', 'todo'], HOME_COLUMNS],
  leaderTodo: [['approval', 'list', 'leaderTodo'], HOME_COLUMNS],
  notices: [
    ['approval', 'list', 'notice-toRead'],
    ['approval', 'list', 'notice-read'],
  ],
  mail: [mailKeys.tree, mailKeys.lists],
};
const countKey = (list: string) => ['approval', 'count', list];

/**
 * The live push of the signed-in user (issue 16): the bell and the todo, leader-todo and circulated counts
 * follow the server without polling, a new task or message shows a notification, and the lists it names
 * are asked for again. Guests have no stream.
 */
export function useLivePush() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const user = useSession((state) => state.user);
  const guest = useSession((state) => state.guestUrl);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // the latest translation and navigation, without opening the stream again when they change
  const latest = useRef({ t, navigate });
  useEffect(() => {
    latest.current = { t, navigate };
  });
  const key = user && `${user.tenantCode}:${user.userId}`;

  useEffect(() => {
    if (!token || !key || guest) return;
    const apply = (pushed: PushEvent) => {
      if (pushed.event === 'counts') {
        const counts = pushed.data;
        queryClient.setQueryData(queryKeys.messageCount, counts.messages);
        queryClient.setQueryData(countKey('todo'), counts.todo);
        queryClient.setQueryData(countKey('leaderTodo'), counts.leaderTodo);
        queryClient.setQueryData(countKey('noticeToRead'), counts.noticeToRead);
      } else if (pushed.event === 'refresh') {
        for (const list of pushed.data.lists) {
          for (const queryKey of LIST_QUERIES[list]) void queryClient.invalidateQueries({ queryKey });
        }
      } else {
        const { t: translate, navigate: go } = latest.current;
        const { id, type, subject, link } = pushed.data;
        notification.info({
          key: id,
          title: translate(type === 'task' ? 'push.newTask' : 'push.newMessage'),
          description: subject,
          placement: 'bottomRight',
          actions: link
            ? createElement(
                'a',
                {
                  onClick: () => {
                    notification.destroy(id);
                    void go(link);
                  },
                },
                translate('push.open'),
              )
            : undefined,
        });
      }
    };
    return sharedPush(key, token, apply);
  }, [token, key, guest, queryClient]);
}
