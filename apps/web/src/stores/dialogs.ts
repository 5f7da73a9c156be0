import { create } from 'zustand';

export type ShellDialog = 'personalInfo' | 'changePassword' | 'errorLog' | 'theme';

interface DialogsState {
  open: ShellDialog | null;
  show: (dialog: ShellDialog) => void;
  hide: () => void;
}

/** Which of the shell's dialogs is open (one at a time). */
export const useDialogs = create<DialogsState>()((set) => ({
  open: null,
  show: (dialog) => set({ open: dialog }),
  hide: () => set({ open: null }),
}));
