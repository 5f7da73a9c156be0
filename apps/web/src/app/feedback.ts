/**
 * Toasts (spec §8; §9: 1800 ms), callable outside React (the API client). The toast code loads with the first
 * toast, so pages that never show one (the login page until a failure) do not carry it.
 */
type Kind = 'error' | 'success' | 'warning';

const show = (kind: Kind, content: string): void =>
  void import('./toastHost').then(({ showToast }) => showToast(kind, content));

export const toast = {
  error: (content: string) => show('error', content),
  success: (content: string) => show('success', content),
  warning: (content: string) => show('warning', content),
};
