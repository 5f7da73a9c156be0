import type { Language } from '@eip/contracts/codes';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { signOutOnServer, switchPost } from '../api/auth';
import { toast } from '../app/feedback';
import { BASENAME, page } from '../app/navigation';
import { switchLanguage } from '../i18n';
import { useSession } from '../stores/session';
import { useSignInMode } from '../stores/signInMode';
import { useTabs } from '../stores/tabs';

/** How long the 岗位切换成功 toast shows before the page reloads. */
const RELOAD_AFTER_POST_SWITCH_MS = 800;

/**
 * Ends the session here and on the server (spec §4: clears token, user name, post; routes and tabs reset). With
 * single sign-on the session there ends too (issue 14): the browser goes to end it, and comes back to the login
 * page rather than to a page the guard would send straight back to single sign-on.
 */
export async function signOutEverywhere(): Promise<void> {
  await signOutOnServer().catch(() => null);
  const { logoutUrl } = useSignInMode.getState();
  if (logoutUrl) useSignInMode.setState({ endingSso: true });
  useSession.getState().signOut();
  useTabs.getState().reset();
  if (logoutUrl) {
    const service = `${window.location.origin}${BASENAME}/login`;
    page.leave(`${logoutUrl}?service=${encodeURIComponent(service)}`);
  }
}

/** The profile menu's actions: language, post, sign-out with its confirmation (message box 温馨提示). */
export function useShellActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();

  const changeLanguage = async (lang: Language) => {
    await switchLanguage(lang);
    toast.success(t('profile.languageSwitched'));
    // Menu titles and server messages come in the chosen language.
    await queryClient.invalidateQueries();
  };

  const changePost = async (postId: string) => {
    await switchPost(postId);
    useSession.getState().setCurrentPost(postId);
    toast.success(t('profile.postSwitched'));
    setTimeout(page.reload, RELOAD_AFTER_POST_SWITCH_MS);
  };

  const confirmSignOut = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('home.signOutConfirm', { title: t('app.title') }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: signOutEverywhere,
    });

  return { changeLanguage, changePost, confirmSignOut, modalHolder };
}
