import { create } from 'zustand';

/** An uncaught error as the error log (系统错误列表) shows it: route, message, detail. */
export interface ErrorLogEntry {
  id: number;
  route: string;
  message: string;
  detail: string;
  time: number;
}

interface ErrorLogState {
  entries: ErrorLogEntry[];
  add: (error: unknown, route?: string) => void;
  clear: () => void;
}

/** The most entries kept; older ones are dropped. */
const MAX_ENTRIES = 100;
let nextId = 1;

function describe(error: unknown): { message: string; detail: string } {
  if (error instanceof Error)
    return { message: error.message || error.name, detail: error.stack ?? String(error) };
  const text = typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
  return { message: text, detail: text };
}

export const useErrorLog = create<ErrorLogState>()((set) => ({
  entries: [],
  add: (error, route = window.location.pathname + window.location.search) =>
    set(({ entries }) => ({
      entries: [{ id: nextId++, route, time: Date.now(), ...describe(error) }, ...entries].slice(
        0,
        MAX_ENTRIES,
      ),
    })),
  clear: () => set({ entries: [] }),
}));

/** Spec §8: in production builds uncaught errors and unhandled rejections go to the error log. */
export function captureUncaughtErrors(): () => void {
  const onError = (event: ErrorEvent) => useErrorLog.getState().add(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => useErrorLog.getState().add(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
