import { useStore } from 'jotai';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { mergeHistoryAtom, notificationsAtom, pushNotificationAtom, realtimeStatusAtom } from '../lib/notifications';
import { RealtimeClient, type ServerMessage } from '../lib/realtime/client';
import { emitLiveEvent, RECONNECTED } from '../lib/realtime/live-events';
import { toNotification, toastFor } from '../lib/realtime/messages';
import { fetchNotificationHistory } from '../lib/realtime/notifications-api';
import { realtimeUrl } from '../lib/realtime/schedule';
import { sessionAtom } from '../lib/session';
import { clearTokens } from '../lib/session-storage';
import { paths } from './paths';

/** product-spec-1 §8: the deactivated person reads why, then lands on the staff login after 3 s. */
export const DEACTIVATED_REDIRECT_MS = 3000;

type LiveConnectionProps = { token: string; navigate: (path: string) => void };

/**
 * The tab's one realtime connection while someone is signed in (product-spec-1 §4, §7): it keeps
 * the status and the bell's history in the store, loads the history from the server on every
 * (re)connection, shows the toasts of §8/§9 and hands every delivered message to the screens
 * (useLiveEvents). Loaded lazily: a signed-out visitor never downloads it.
 */
export default function LiveConnection({ token, navigate }: LiveConnectionProps) {
  const store = useStore();

  useEffect(() => {
    let connections = 0;
    let redirect: ReturnType<typeof setTimeout> | undefined;
    const history = new AbortController();
    const loadHistory = () =>
      fetchNotificationHistory(history.signal).then(
        (items) => store.set(mergeHistoryAtom, items),
        (error: unknown) => console.warn('Notification history could not be loaded', error),
      );
    const onMessage = (message: ServerMessage) => {
      if (message.type === 'connection') {
        void loadHistory();
        if (connections++ > 0) emitLiveEvent({ type: RECONNECTED, data: {}, timestamp: message.timestamp });
        return;
      }
      const notification = toNotification(message, new Date());
      if (notification) store.set(pushNotificationAtom, notification);
      const session = store.get(sessionAtom);
      const spec = toastFor(message, session.status === 'signed-in' ? session.user.id : undefined);
      if (spec) toast(spec.text, { type: spec.kind, autoClose: spec.autoClose, toastId: notification?.id });
      if (message.type === 'account_deactivated') {
        redirect = setTimeout(() => {
          clearTokens();
          store.set(sessionAtom, { status: 'anonymous' });
          navigate(paths.userLogin);
        }, DEACTIVATED_REDIRECT_MS);
      }
      emitLiveEvent(message);
    };
    const client = new RealtimeClient({
      url: () => realtimeUrl(window.location, token),
      onStatus: (status) => store.set(realtimeStatusAtom, status),
      onMessage,
    });
    client.connect();
    return () => {
      // A pending redirect of a deactivated person still happens: their session is over either way.
      void redirect;
      history.abort();
      client.disconnect();
      store.set(notificationsAtom, []);
    };
  }, [store, token, navigate]);

  return null;
}
