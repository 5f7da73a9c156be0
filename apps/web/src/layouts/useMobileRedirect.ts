import { useEffect } from 'react';
import { fetchMobileUrl } from '../api/auth';
import { page } from '../app/navigation';

/** Spec §1: a mobile device goes to the mobile address when the server supplies one (MOBILE_URL). */
export function useMobileRedirect() {
  useEffect(() => {
    if (!/Android|iPhone|iPod|Mobile|HarmonyOS/i.test(navigator.userAgent)) return;
    void fetchMobileUrl()
      .then((url) => {
        if (typeof url === 'string' && /^https?:\/\//.test(url)) page.leave(url);
      })
      .catch(() => undefined);
  }, []);
}
